/**
 * The room, live: stations as tiles by group and number with a colour legend;
 * click to select (Ctrl/⌘ or the checkbox for several), act on the selection,
 * see each station's receipt. An action on live sessions is previewed first.
 */
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomStation } from '../../shared/api/console.js';
import { useSlice } from '../core/feature.js';
import { Dialog } from '../ui/Dialog.js';
import { LEGEND, LOCK_MESSAGE_MAX, lockMessage, tileState, type RoomAction } from './roomService.js';
import { HoldForm, HoldList } from './Holds.js';
import { Receipts } from './Receipts.js';
import { useRoom } from './index.js';
import { useFormat } from '../ui/useFormat.js';

const STATUSES = ['available', 'maintenance', 'reserved', 'offline'] as const;

function Tile({ station, selected, now }: { station: RoomStation; selected: boolean; now: number }) {
  const { t } = useTranslation();
  const { iqd, clock, elapsed } = useFormat();
  const room = useRoom();
  const state = tileState(station);
  const session = station.currentSession;
  const click = (e: MouseEvent) => (e.ctrlKey || e.metaKey || e.shiftKey ? room.toggle(station.id) : room.selectOnly(station.id));
  return (
    <div className={`tile state-${state}${selected ? ' selected' : ''}`} data-station={station.id}>
      <input
        type="checkbox"
        className="tile-check"
        checked={selected}
        onChange={() => room.toggle(station.id)}
        aria-label={`${station.name} (${station.number})`}
      />
      <button type="button" className="tile-body" onClick={click} aria-pressed={selected}>
        <span className="tile-head">
          <strong className="tile-number">{station.number}</strong>
          <span className="tile-name">{station.name}</span>
        </span>
        <span className="tile-status">
          {t(`status.${state}`)}
          {!station.online && state !== 'offline' && state !== 'lost' ? <span className="muted small"> · {t('status.offline')}</span> : null}
        </span>
        {state === 'locked' && (
          <span className="tile-message" data-testid="lock-message">
            <bdi>“{station.status}”</bdi>
          </span>
        )}
        {session ? (
          <>
            <span className="tile-user">{session.isGuest ? t('room.guest') : session.username}</span>
            <span className="tile-time">
              {session.remainingMinutes !== null
                ? t('room.left', { minutes: session.remainingMinutes })
                : t('room.elapsed', { time: elapsed(session.startTime, now) })}
            </span>
            {station.balance !== null && <span className="tile-balance">{t('room.balance', { amount: iqd(station.balance) })}</span>}
            {station.playing && <span className="tile-game">{t('room.playing', { game: station.playing })}</span>}
          </>
        ) : null}
        <span className="tile-beat small muted">
          {station.lastHeartbeatAt ? t('room.lastBeat', { time: clock(station.lastHeartbeatAt) }) : t('room.never')}
        </span>
      </button>
    </div>
  );
}

function ActionBar({ selected }: { selected: string[] }) {
  const { t } = useTranslation();
  const room = useRoom();
  const [minutes, setMinutes] = useState('');
  const [status, setStatus] = useState<string>('maintenance');
  const [newName, setNewName] = useState('');
  const [pending, setPending] = useState<{ label: string; action: RoomAction } | null>(null);
  const [lockText, setLockText] = useState('');
  const lock = lockMessage(lockText);
  const [holding, setHolding] = useState(false);

  const ask = (label: string, action: RoomAction) => {
    // Several stations, or live sessions in the way: preview first.
    if (selected.length > 1 || room.preview(selected).length > 0) setPending({ label, action });
    else void room.run(selected, action);
  };
  const disabled = selected.length === 0;
  const hit = pending ? room.preview(selected) : [];

  return (
    <div className="actions" role="toolbar" aria-label={t('room.selected', { count: selected.length })}>
      <span className="muted">{t('room.selected', { count: selected.length })}</span>
      <button type="button" onClick={() => room.selectAll()}>
        {t('room.selectAll')}
      </button>
      <button type="button" onClick={() => room.clear()} disabled={disabled}>
        {t('room.clear')}
      </button>
      <span className="group">
        <input
          className="short"
          value={minutes}
          onChange={(e) => setMinutes(e.target.value.replace(/\D/g, ''))}
          placeholder={t('room.minutes')}
          aria-label={t('room.minutes')}
          inputMode="numeric"
        />
        <button
          type="button"
          className="primary"
          disabled={disabled}
          onClick={() => void room.run(selected, { kind: 'unlock', ...(minutes ? { minutes: Number(minutes) } : {}) })}
        >
          {t('room.unlock')}
        </button>
      </span>
      <button type="button" disabled={disabled} onClick={() => ask(t('room.end'), { kind: 'end' })}>
        {t('room.end')}
      </button>
      <button type="button" disabled={disabled} onClick={() => ask(t('room.logout'), { kind: 'command', command: 'LOGOUT_USER' })}>
        {t('room.logout')}
      </button>
      <button type="button" disabled={disabled} onClick={() => ask(t('room.restart'), { kind: 'command', command: 'RESTART' })}>
        {t('room.restart')}
      </button>
      <button type="button" disabled={disabled} onClick={() => ask(t('room.shutdown'), { kind: 'command', command: 'SHUTDOWN' })}>
        {t('room.shutdown')}
      </button>
      <button type="button" disabled={disabled} onClick={() => void room.run(selected, { kind: 'command', command: 'OPEN_TASK_MANAGER' })}>
        {t('room.taskManager')}
      </button>
      <span className="group">
        <select value={status} onChange={(e) => setStatus(e.target.value)} aria-label={t('room.setStatus')}>
          {STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
        <button type="button" disabled={disabled} onClick={() => ask(t('room.setStatus'), { kind: 'status', status })}>
          {t('room.setStatus')}
        </button>
      </span>
      <span className="group">
        <input
          value={lockText}
          onChange={(e) => setLockText(e.target.value)}
          maxLength={LOCK_MESSAGE_MAX}
          placeholder={t('room.lock.placeholder')}
          aria-label={t('room.lock.message')}
          title={t('room.lock.hint', { max: LOCK_MESSAGE_MAX })}
        />
        <button
          type="button"
          disabled={disabled || lock === null}
          onClick={() => lock && setPending({ label: t('room.lock'), action: { kind: 'lock', message: lock } })}
        >
          {t('room.lock')}
        </button>
        <button type="button" disabled={disabled} onClick={() => void room.run(selected, { kind: 'unlockScreen' })}>
          {t('room.unlockScreen')}
        </button>
      </span>
      <button type="button" disabled={disabled} aria-expanded={holding} onClick={() => setHolding(!holding)}>
        {t('room.hold')}
      </button>
      {selected.length === 1 && (
        <span className="group">
          <input value={newName} onChange={(e) => setNewName(e.target.value)} placeholder={t('room.newName')} aria-label={t('room.newName')} />
          <button
            type="button"
            disabled={!newName.trim()}
            onClick={() => void room.run(selected, { kind: 'command', command: 'RENAME_PC', newName: newName.trim() })}
          >
            {t('room.rename')}
          </button>
        </span>
      )}
      {holding && <HoldForm selected={selected} onDone={() => setHolding(false)} />}
      {pending && (
        <Dialog
          title={t('room.preview.title')}
          confirmLabel={t('room.preview.confirm')}
          cancelLabel={t('room.preview.cancel')}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            void room.run(selected, pending.action);
            setPending(null);
          }}
        >
          <p>{t('room.preview.action', { action: pending.label, count: selected.length })}</p>
          {pending.action.kind === 'lock' && (
            <p className="quote" data-testid="lock-preview">
              {t('room.lock.shows', { message: pending.action.message })}
            </p>
          )}
          {pending.action.kind === 'lock' && hit.length > 0 && <p className="muted">{t('room.lock.sessionsGoOn')}</p>}
          {hit.length > 0 ? (
            <>
              <p>{t('room.preview.sessions')}</p>
              <ul>
                {hit.map((s) => (
                  <li key={s.id}>
                    PC {s.number} · {s.currentSession?.isGuest ? t('room.guest') : s.currentSession?.username}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="muted">{t('room.preview.none')}</p>
          )}
        </Dialog>
      )}
    </div>
  );
}

export function RoomScreen() {
  const { t } = useTranslation();
  const room = useRoom();
  const stations = useSlice(room.store, (s) => s.stations);
  const selected = useSlice(room.store, (s) => s.selected);
  const now = useSlice(room.store, (s) => s.now);
  const error = useSlice(room.store, (s) => s.error);
  const groups = new Map<string, RoomStation[]>();
  for (const station of stations) {
    const name = station.groupName ?? t('room.noGroup');
    groups.set(name, [...(groups.get(name) ?? []), station]);
  }
  return (
    <section aria-label={t('room.title')} className="room">
      <div className="legend" aria-label={t('room.legend')}>
        {LEGEND.map((state) => (
          <span key={state} className={`chip state-${state}`}>
            {t(`status.${state}`)}
          </span>
        ))}
      </div>
      <ActionBar selected={selected} />
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <div className="room-body">
        <div className="groups">
          {[...groups.entries()].map(([name, list]) => (
            <section key={name} className="group-block" aria-label={name}>
              <h3>{name}</h3>
              <div className="tiles">
                {list.map((station) => (
                  <Tile key={station.id} station={station} selected={selected.includes(station.id)} now={now} />
                ))}
              </div>
            </section>
          ))}
        </div>
        <div className="side">
          <Receipts />
          <HoldList />
        </div>
      </div>
    </section>
  );
}
