/**
 * The station groups beside the stations (issue 23: one place for them): each group with its hourly rate and how
 * many stations it has, for everyone at the desk; the owner adds a group (name and first hourly rate) and renames
 * one. Rates are changed in Setup → Prices, with the rest of the price list.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationGroup } from '../../shared/api/admin-catalogue.js';
import { Button } from '../../shared/ui/Button.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { NumberField, TextField } from '../../shared/ui/Field.js';
import { useSlice } from '../core/feature.js';
import { wholeOrNull } from '../ui/Status.js';
import { useFormat } from '../ui/useFormat.js';
import { useStations } from './index.js';

type Asking = { kind: 'add' } | { kind: 'rename'; group: StationGroup };

function GroupDialog({ asking, onDone }: { asking: Asking; onDone(): void }) {
  const { t } = useTranslation();
  const stations = useStations();
  const busy = useSlice(stations.store, (s) => s.busy);
  const renaming = asking.kind === 'rename' ? asking.group : null;
  const [name, setName] = useState(renaming?.name ?? '');
  const [rate, setRate] = useState('');
  const hourlyRate = wholeOrNull(rate);
  const ready = name.trim() !== '' && (renaming ? name.trim() !== renaming.name : hourlyRate !== null);
  const confirm = () => {
    if (!ready) return;
    const work = renaming ? stations.renameGroup(renaming.id, name.trim()) : stations.addGroup(name.trim(), hourlyRate ?? 0);
    void work.then((ok) => ok && onDone());
  };
  return (
    <ConfirmDialog
      title={renaming ? t('stations.groups.renameTitle', { name: renaming.name }) : t('stations.groups.addTitle')}
      confirmLabel={renaming ? t('cat.save') : t('cat.groups.add')}
      cancelLabel={t('room.preview.cancel')}
      confirmDisabled={!ready}
      busy={busy}
      onCancel={onDone}
      onConfirm={confirm}
      testId="group-dialog"
    >
      <form
        className="stack"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          confirm();
        }}
      >
        <TextField label={t('cat.groups.name')} value={name} onValue={setName} dir="auto" autoComplete="off" />
        {!renaming && (
          <NumberField label={t('cat.groups.rate')} value={rate} onValue={setRate}>
            <span className="muted small">{t('cat.groups.hint')}</span>
          </NumberField>
        )}
        <Button type="submit" hidden />
      </form>
    </ConfirmDialog>
  );
}

export function GroupsCard({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const { rate } = useFormat();
  const stations = useStations();
  const groups = useSlice(stations.store, (s) => s.groups);
  const [asking, setAsking] = useState<Asking | null>(null);
  return (
    <aside className="card groups-card" aria-label={t('cat.groups.title')} data-testid="station-groups">
      <h3>{t('cat.groups.title')}</h3>
      {asking && <GroupDialog asking={asking} onDone={() => setAsking(null)} />}
      {groups.length === 0 ? (
        <p className="muted small">{t('stations.groups.none')}</p>
      ) : (
        <ul className="plain">
          {groups.map((g) => (
            <li key={g.id} data-group={g.id} className="group-line">
              <span>
                <strong>
                  <bdi>{g.name}</bdi>
                </strong>{' '}
                · <span className="nowrap">{rate(g.hourlyRate)}</span>
                <span className="muted small"> · {t('cat.groups.stations', { count: g.stationCount })}</span>
              </span>
              {isOwner && (
                <Button onClick={() => setAsking({ kind: 'rename', group: g })} aria-label={t('stations.groups.renameOf', { name: g.name })}>
                  {t('stations.groups.rename')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <p className="muted small">{t(isOwner ? 'stations.groups.ratesOwner' : 'stations.groups.ratesStaff')}</p>
      {isOwner && <Button onClick={() => setAsking({ kind: 'add' })}>{t('cat.groups.add')}</Button>}
    </aside>
  );
}
