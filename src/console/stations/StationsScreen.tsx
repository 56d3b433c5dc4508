/**
 * A cafe's own stations (issue 22): every PC with its group, whether it is connected, when it was last heard
 * from and whether it is paired; the owner adds one (its pairing code is shown once), issues a new code,
 * revokes a credential, moves a PC to a group, renames or renumbers it. Staff read the list. Keys: N new,
 * P pairing code, R revoke, E edit, ↑/↓ (or K/J) move, / search, Esc clear.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { StationGroup } from '../../shared/api/admin-catalogue.js';
import { Button } from '../../shared/ui/Button.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { Modal } from '../../shared/ui/Modal.js';
import { NumberField, SelectField, TextField } from '../../shared/ui/Field.js';
import { useSlice } from '../core/feature.js';
import { useRoom } from '../room/index.js';
import { ReceiptItem } from '../room/Receipts.js';
import { Status, wholeOrNull } from '../ui/Status.js';
import { useFormat } from '../ui/useFormat.js';
import { useShortcuts } from '../ui/useShortcuts.js';
import { GroupsCard } from './GroupsCard.js';
import { useStations } from './index.js';
import { stationReceipts, stationRows, type StationRow } from './stationsService.js';
import './stations.css';

const KNOWN_ALERTS = new Set(['duplicate_connection', 'revoked']);

type Asking = { kind: 'add' } | { kind: 'edit'; row: StationRow } | { kind: 'revoke'; row: StationRow };

function GroupPicker({ value, groups, label, onChange }: { value: string | null; groups: StationGroup[]; label: string; onChange(groupId: string | null): void }) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={label}
      labelHidden
      value={value ?? ''}
      onValue={(groupId) => onChange(groupId || null)}
      options={[{ value: '', label: t('cat.groups.none') }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
    />
  );
}

/** Add a PC, or edit one's name and number: one form in the console's one dialog. */
function StationForm({ asking, groups, onDone }: { asking: Extract<Asking, { kind: 'add' | 'edit' }>; groups: StationGroup[]; onDone(): void }) {
  const { t } = useTranslation();
  const stations = useStations();
  const editing = asking.kind === 'edit' ? asking.row : null;
  const [form, setForm] = useState({ id: '', number: editing ? String(editing.number) : '', name: editing?.name ?? '', group: null as string | null });
  const number = wholeOrNull(form.number);
  const ready = number !== null && number >= 1 && (editing ? form.name.trim() !== '' : /^[A-Za-z0-9._-]{1,40}$/.test(form.id.trim()));
  const confirm = () => {
    if (!ready || number === null) return;
    const work = editing
      ? stations.edit(editing.id, {
          ...(form.name.trim() !== editing.name ? { name: form.name.trim() } : {}),
          ...(number !== editing.number ? { number } : {}),
        })
      : stations.add({ stationId: form.id.trim(), number, ...(form.name.trim() ? { name: form.name.trim() } : {}), group: form.group });
    void work.then((ok) => ok && onDone());
  };
  return (
    <ConfirmDialog
      wide
      title={editing ? t('stations.edit.title', { number: editing.number }) : t('stations.add.title')}
      confirmLabel={editing ? t('cat.save') : t('stations.add.confirm')}
      cancelLabel={t('room.preview.cancel')}
      confirmDisabled={!ready}
      onCancel={onDone}
      onConfirm={confirm}
    >
      <form
        className="stack"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          confirm();
        }}
      >
        {!editing && (
          <TextField label={t('stations.field.id')} value={form.id} onValue={(id) => setForm({ ...form, id })} dir="ltr" autoComplete="off" placeholder="st-09">
            <span className="muted small">{t('stations.field.idHint')}</span>
          </TextField>
        )}
        <NumberField label={t('stations.field.number')} value={form.number} onValue={(number) => setForm({ ...form, number })} />
        <TextField label={t('stations.field.name')} value={form.name} onValue={(name) => setForm({ ...form, name })} placeholder={editing ? undefined : t('stations.field.nameHint')} />
        {!editing && (
          <SelectField
            label={t('stations.field.group')}
            value={form.group ?? ''}
            onValue={(group) => setForm({ ...form, group: group || null })}
            options={[{ value: '', label: t('cat.groups.none') }, ...groups.map((g) => ({ value: g.id, label: g.name }))]}
          />
        )}
        <Button type="submit" hidden />
      </form>
    </ConfirmDialog>
  );
}

/** The one-time pairing code, read out to whoever sets up the PC; gone when this closes. */
function CodeDialog() {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const stations = useStations();
  const room = useRoom();
  const code = useSlice(stations.store, (s) => s.code);
  const number = useSlice(room.store, (s) => s.stations.find((st) => st.id === code?.stationId)?.number ?? null);
  if (!code) return null;
  return (
    <ConfirmDialog
      title={t('stations.code.title', { number: number ?? code.stationId })}
      confirmLabel={t('stations.code.done')}
      cancelLabel={t('stations.code.close')}
      onConfirm={stations.dismissCode}
      onCancel={stations.dismissCode}
    >
      <p className="pairing-code mono" dir="ltr" data-testid="pairing-code">
        {code.code}
      </p>
      <p>{t('stations.code.how', { station: code.stationId, until: dateTime(code.expiresAt) })}</p>
      {code.fingerprint && (
        <p className="small">
          {t('stations.code.fingerprint')} <bdi className="mono">{code.fingerprint}</bdi>
        </p>
      )}
      <p className="muted small">{t('stations.code.once')}</p>
    </ConfirmDialog>
  );
}

/** The receipt of the last screenshot asked for (issue 24), and its image in the shared modal once taken. */
function ShotReceipt() {
  const { t } = useTranslation();
  const stations = useStations();
  const room = useRoom();
  const shot = useSlice(stations.store, (s) => s.shot);
  const name = useSlice(room.store, (s) => {
    const st = s.stations.find((x) => x.id === shot?.stationId);
    return st ? `${st.number} · ${st.name}` : (shot?.stationId ?? '');
  });
  if (!shot) return null;
  return (
    <>
      <p className={`shot-receipt shot-${shot.state}`} role="status" data-testid="shot-receipt" data-state={shot.state}>
        <bdi>{t(`stations.shot.${shot.state}`, { station: name })}</bdi>
        {shot.state === 'seen' && (
          <Button onClick={() => stations.showShot(true)}>{t('stations.shot.show')}</Button>
        )}
      </p>
      {shot.state === 'taken' && shot.image && (
        <Modal labelledBy="shot-title" wide testId="shot-viewer" onEscape={() => stations.showShot(false)} returnFocus>
          <h2 id="shot-title">
            <bdi>{t('stations.shot.title', { station: name })}</bdi>
          </h2>
          <img className="shot-image" src={shot.image} alt={t('stations.shot.alt', { station: name })} />
          <div className="row end">
            <Button variant="primary" onClick={() => stations.showShot(false)}>
              {t('stations.shot.close')}
            </Button>
          </div>
        </Modal>
      )}
    </>
  );
}

export function StationsScreen({ isOwner }: { isOwner: boolean }) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const stations = useStations();
  const room = useRoom();
  const all = useSlice(room.store, (s) => s.stations);
  const receipts = useSlice(room.store, (s) => s.receipts);
  const groups = useSlice(stations.store, (s) => s.groups);
  const alerts = useSlice(stations.store, (s) => s.alerts);
  const filter = useSlice(stations.store, (s) => s.filter);
  const selected = useSlice(stations.store, (s) => s.selected);
  const error = useSlice(stations.store, (s) => s.error);
  const done = useSlice(stations.store, (s) => s.done);
  const [asking, setAsking] = useState<Asking | null>(null);
  const search = useRef<HTMLInputElement>(null);
  // The groups and alerts are read when the screen opens.
  useEffect(() => {
    void stations.load();
  }, [stations]);

  const rows = stationRows(all, filter);
  const current = rows.find((r) => r.id === selected) ?? null;
  const mine = stationReceipts(receipts);
  useShortcuts({
    n: isOwner ? () => setAsking({ kind: 'add' }) : undefined,
    p: isOwner && current ? () => void stations.pair(current.id) : undefined,
    r: isOwner && current?.paired ? () => setAsking({ kind: 'revoke', row: current }) : undefined,
    e: isOwner && current ? () => setAsking({ kind: 'edit', row: current }) : undefined,
    arrowdown: () => stations.step(rows, 1),
    j: () => stations.step(rows, 1),
    arrowup: () => stations.step(rows, -1),
    k: () => stations.step(rows, -1),
    '/': () => search.current?.focus(),
    escape: () => stations.select(null),
  });

  return (
    <section className="stations" aria-label={t('nav.stations')}>
      <Status error={error} notice={done ? t(`stations.done.${done.kind}`, { station: done.station }) : null} />
      {asking && asking.kind !== 'revoke' && <StationForm asking={asking} groups={groups} onDone={() => setAsking(null)} />}
      {asking?.kind === 'revoke' && (
        <ConfirmDialog
          danger
          title={t('setup.revoke')}
          confirmLabel={t('setup.revoke')}
          cancelLabel={t('room.preview.cancel')}
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            void stations.revoke(asking.row.id);
            setAsking(null);
          }}
        >
          <p>{t('setup.revokeWarning', { station: `${asking.row.number} · ${asking.row.name}` })}</p>
        </ConfirmDialog>
      )}
      <CodeDialog />
      <ShotReceipt />
      <div className="stations-layout">
        <div className="card stack">
          <div className="row wrap">
            <TextField
              label={t('stations.search')}
              labelHidden
              className="stations-search"
              inputRef={search}
              type="search"
              value={filter}
              onValue={(text) => stations.setFilter(text)}
              placeholder={t('stations.search')}
            />
            <span className="muted small">{t('stations.count', { shown: rows.length, total: all.length })}</span>
            {isOwner && (
              <Button variant="primary" onClick={() => setAsking({ kind: 'add' })} aria-keyshortcuts="N">
                {t('stations.add')}
              </Button>
            )}
          </div>
          <p className="muted small">{t(isOwner ? 'stations.keys.owner' : 'stations.keys.staff')}</p>
          <table className="wide stations-table">
            <thead>
              <tr>
                <th>{t('stations.col.station')}</th>
                <th>{t('stations.col.group')}</th>
                <th>{t('stations.col.connection')}</th>
                <th>{t('stations.col.lastSeen')}</th>
                <th>{t('stations.col.paired')}</th>
                <th className="stations-actions">{t('stations.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr
                  key={r.id}
                  data-station={r.id}
                  className={r.id === selected ? 'selected' : undefined}
                  aria-selected={r.id === selected}
                  onClick={() => stations.select(r.id)}
                >
                  <td>
                    <strong>{r.number}</strong> {r.name} <bdi className="muted small mono">{r.id}</bdi>
                  </td>
                  <td onClick={(e) => e.stopPropagation()}>
                    {isOwner ? (
                      <GroupPicker value={r.groupId} groups={groups} label={t('cat.groups.of', { station: r.name })} onChange={(g) => void stations.move(r.id, g)} />
                    ) : (
                      <span>{r.groupName ?? t('cat.groups.none')}</span>
                    )}
                  </td>
                  <td>
                    <span className={`conn conn-${r.connection}`} data-connection={r.connection}>
                      {t(`stations.${r.connection}`)}
                    </span>
                  </td>
                  <td className="small">{r.lastSeen ? dateTime(r.lastSeen) : t('stations.neverSeen')}</td>
                  <td data-paired={r.paired === null ? 'unknown' : String(r.paired)}>
                    {r.paired === null ? '—' : r.paired ? t('stations.paired') : <strong>{t('stations.unpaired')}</strong>}
                  </td>
                  <td onClick={(e) => e.stopPropagation()}>
                    <div className="row end">
                      <Button onClick={() => void stations.screenshot(r.id)} disabled={r.connection !== 'online'}>
                        {t('stations.screenshot')}
                      </Button>
                      {isOwner && (
                        <>
                          <Button onClick={() => void stations.pair(r.id)}>
                            {r.paired ? t('stations.newCode') : t('stations.pair')}
                          </Button>
                          {r.paired && (
                            <Button onClick={() => setAsking({ kind: 'revoke', row: r })}>
                              {t('stations.revoke')}
                            </Button>
                          )}
                          <Button onClick={() => setAsking({ kind: 'edit', row: r })}>
                            {t('stations.editButton')}
                          </Button>
                        </>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {rows.length === 0 && <p className="muted">{all.length === 0 ? t('stations.none') : t('stations.noMatch')}</p>}
        </div>
        <div className="stack">
          <GroupsCard isOwner={isOwner} />
          <aside className="card receipts" aria-label={t('stations.receipts')}>
            <h3>{t('stations.receipts')}</h3>
            {mine.length === 0 ? (
              <p className="muted small">{t('stations.receiptsEmpty')}</p>
            ) : (
              <ol>
                {mine.slice(0, 20).map((r) => (
                  <ReceiptItem key={r.id} receipt={r} />
                ))}
              </ol>
            )}
          </aside>
          <aside className="card" aria-label={t('stations.alerts')}>
            <h3>{t('stations.alerts')}</h3>
            {alerts.length === 0 ? (
              <p className="muted small">{t('stations.alertsEmpty')}</p>
            ) : (
              <ul className="plain">
                {alerts.map((a) => (
                  <li key={a.id} data-alert={a.kind}>
                    <strong>{t(`stations.alert.${a.kind}`, { defaultValue: a.kind })}</strong> <bdi className="mono">{a.stationId}</bdi>
                    <span className="muted small"> · {dateTime(a.createdAt)}</span>
                    {/* The server's own words, in English: kept for a kind the console does not know yet. */}
                    {!KNOWN_ALERTS.has(a.kind) && (
                      <>
                        <br />
                        <bdi className="small">{a.message}</bdi>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </aside>
        </div>
      </div>
    </section>
  );
}
