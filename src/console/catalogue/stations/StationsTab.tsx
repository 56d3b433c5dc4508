/** Station groups and their hourly rates (owner edits), each station's group, enrolment (pairing code, revoke). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationGroup } from '../../../shared/api/admin-catalogue.js';
import { useSlice } from '../../core/feature.js';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.js';
import { Status, wholeOrNull } from '../../ui/Status.js';
import { useCatalogue } from '../index.js';
import { useRoom } from '../../room/index.js';
import { useFormat } from '../../ui/useFormat.js';

function GroupRow({ group, isOwner }: { group: StationGroup; isOwner: boolean }) {
  const { t } = useTranslation();
  const { iqd } = useFormat();
  const catalogue = useCatalogue();
  const [name, setName] = useState(group.name);
  const [rate, setRate] = useState(String(group.hourlyRate));
  const changed = name.trim() !== group.name || wholeOrNull(rate) !== group.hourlyRate;
  const save = (e: FormEvent) => {
    e.preventDefault();
    const hourlyRate = wholeOrNull(rate);
    void catalogue.stations.updateGroup(group.id, {
      ...(name.trim() !== group.name ? { name: name.trim() } : {}),
      ...(hourlyRate !== null && hourlyRate !== group.hourlyRate ? { hourlyRate } : {}),
    });
  };
  if (!isOwner) {
    return (
      <tr data-group={group.id}>
        <td>{group.name}</td>
        <td>{t('cat.groups.perHour', { amount: iqd(group.hourlyRate) })}</td>
        <td className="muted small">{t('cat.groups.stations', { count: group.stationCount })}</td>
      </tr>
    );
  }
  return (
    <tr data-group={group.id}>
      <td>
        <input value={name} onChange={(e) => setName(e.target.value)} aria-label={t('cat.groups.nameOf', { name: group.name })} />
      </td>
      <td>
        <form className="row" onSubmit={save}>
          <input className="num-input" inputMode="numeric" value={rate} onChange={(e) => setRate(e.target.value)} aria-label={t('cat.groups.rateOf', { name: group.name })} />
          <span className="muted small">{t('cat.groups.iqdHour')}</span>
          <button type="submit" disabled={!changed || wholeOrNull(rate) === null}>
            {t('cat.save')}
          </button>
        </form>
      </td>
      <td className="muted small">{t('cat.groups.stations', { count: group.stationCount })}</td>
    </tr>
  );
}

export function StationsTab({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const catalogue = useCatalogue();
  const room = useRoom();
  const service = catalogue.stations;
  const stations = useSlice(room.store, (s) => s.stations);
  const groups = useSlice(service.store, (s) => s.groups);
  const codes = useSlice(service.store, (s) => s.codes);
  const error = useSlice(service.store, (s) => s.error);
  const notice = useSlice(service.store, (s) => s.notice);
  const [revoking, setRevoking] = useState<string | null>(null);
  const [draft, setDraft] = useState({ name: '', rate: '' });
  const create = (e: FormEvent) => {
    e.preventDefault();
    const rate = wholeOrNull(draft.rate);
    if (rate === null || !draft.name.trim()) return;
    void service.createGroup(draft.name.trim(), rate).then((ok) => ok && setDraft({ name: '', rate: '' }));
  };
  return (
    <div className="stack">
      <Status error={error} notice={notice ? t('cat.saved', { name: notice }) : null} />
      {revoking && (
        <ConfirmDialog wide
          title={t('setup.revoke')}
          confirmLabel={t('setup.revoke')}
          cancelLabel={t('room.preview.cancel')}
          onCancel={() => setRevoking(null)}
          onConfirm={() => {
            void service.revoke(revoking);
            setRevoking(null);
          }}
        >
          <p>{t('setup.revokeWarning', { station: revoking })}</p>
        </ConfirmDialog>
      )}
      <div className="card">
        <h3>{t('cat.groups.title')}</h3>
        <p className="muted small">{t('cat.groups.hint')}</p>
        <table className="wide">
          <tbody>
            {groups.map((g) => (
              <GroupRow key={`${g.id}:${g.name}:${g.hourlyRate}`} group={g} isOwner={isOwner} />
            ))}
          </tbody>
        </table>
        {isOwner && (
          <form className="row wrap" onSubmit={create} aria-label={t('cat.groups.add')}>
            <input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} placeholder={t('cat.groups.name')} aria-label={t('cat.groups.name')} />
            <input className="num-input" inputMode="numeric" value={draft.rate} onChange={(e) => setDraft({ ...draft, rate: e.target.value })} placeholder={t('cat.groups.rate')} aria-label={t('cat.groups.rate')} />
            <button type="submit" className="primary" disabled={!draft.name.trim() || wholeOrNull(draft.rate) === null}>
              {t('cat.groups.add')}
            </button>
          </form>
        )}
      </div>
      <div className="card">
        <h3>{t('setup.stations')}</h3>
        <table className="wide">
          <tbody>
            {stations.map((s) => (
              <tr key={s.id} data-station={s.id}>
                <td>
                  <strong>{s.number}</strong> {s.name}
                </td>
                <td>
                  {isOwner ? (
                    <select value={s.groupId ?? ''} onChange={(e) => void service.moveStation(s.id, e.target.value || null)} aria-label={t('cat.groups.of', { station: s.name })}>
                      <option value="">{t('cat.groups.none')}</option>
                      {groups.map((g) => (
                        <option key={g.id} value={g.id}>
                          {g.name}
                        </option>
                      ))}
                    </select>
                  ) : (
                    <span className="muted small">{s.groupName ?? t('cat.groups.none')}</span>
                  )}
                </td>
                {isOwner && (
                  <>
                    <td className="mono">{codes[s.id] ? t('setup.code', { code: codes[s.id]?.code, until: dateTime(codes[s.id]?.expiresAt ?? '') }) : ''}</td>
                    <td className="row end">
                      <button type="button" onClick={() => void service.pair(s.id)}>
                        {t('setup.pair')}
                      </button>
                      <button type="button" onClick={() => setRevoking(s.id)}>
                        {t('setup.revoke')}
                      </button>
                    </td>
                  </>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
