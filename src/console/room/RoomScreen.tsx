/**
 * The room, live: stations as tiles by group and number with a colour legend;
 * click to select (Ctrl/⌘ or the checkbox for several), act on the selection,
 * see each station's receipt. An action on live sessions is previewed first.
 */
import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoomStation } from '../../shared/api/console.js';
import { useSlice } from '../core/feature.js';
import { Button } from '../../shared/ui/Button.js';
import { CheckboxField } from '../../shared/ui/Choice.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { NumberField, SelectField, TextField } from '../../shared/ui/Field.js';
import { holdFor, LEGEND, LOCK_MESSAGE_MAX, lockMessage, lockWords, offeredActions, tileState, type RoomAction } from './roomService.js';
import { HoldForm, HoldList } from './Holds.js';
import { Receipts } from './Receipts.js';
import { useRoom } from './index.js';
import { STATIONS } from '../ui/plurals.js';
import { useFormat } from '../ui/useFormat.js';
import { useShortcuts } from '../ui/useShortcuts.js';

const STATUSES = ['available', 'maintenance', 'reserved', 'offline'] as const;

function Tile({ station, selected, now }: { station: RoomStation; selected: boolean; now: number }) {
  const { t } = useTranslation();
  const { money, clock, elapsed, duration, hourMinute } = useFormat();
  const room = useRoom();
  const state = tileState(station);
  const listed = useSlice(room.store, (s) => holdFor(s.holds, station.id));
  // The room's own hold (until when, for whom) where the server sends it; else the hold list's, upcoming ones too.
  const label = (name: string, customer: string | null) => (customer ? `${name} · ${customer}` : name);
  const held = station.hold
    ? { from: null, until: station.hold.until, who: label(station.hold.label, station.hold.customer) }
    : listed && (state === 'reserved' || listed.state === 'upcoming')
      ? { from: listed.state === 'upcoming' ? listed.startsAt : null, until: listed.endsAt, who: label(listed.label, listed.customer) }
      : null;
  const session = station.currentSession;
  const words = state === 'locked' ? lockWords(station) : null;
  const click = (e: MouseEvent) => (e.ctrlKey || e.metaKey || e.shiftKey ? room.toggle(station.id) : room.selectOnly(station.id));
  return (
    <div className={`tile state-${state}${selected ? ' selected' : ''}`} data-station={station.id}>
      <CheckboxField className="tile-check" label={`${station.name} (${station.number})`} labelHidden checked={selected} onChecked={() => room.toggle(station.id)} />
      <Button className="tile-body" onClick={click} aria-pressed={selected}>
        <span className="tile-head">
          <strong className="tile-number">{station.number}</strong>
          <span className="tile-name">{station.name}</span>
        </span>
        <span className="tile-status">
          {t(`status.${state}`)}
          {!station.online && state !== 'offline' && state !== 'lost' ? <span className="muted small"> · {t('status.offline')}</span> : null}
        </span>
        {held && (
          <span className="tile-hold small" data-testid="held">
            {held.from
              ? t('room.heldFrom', { from: hourMinute(held.from), until: hourMinute(held.until), who: held.who })
              : t('room.heldUntil', { until: hourMinute(held.until), who: held.who })}
          </span>
        )}
        {station.atGate && (
          <span className="tile-gate small" data-testid="at-gate">
            {t(`room.atGate.${station.atGate.gate}`, { since: hourMinute(station.atGate.since) })}
          </span>
        )}
        {words && (
          // Staff's words in their own direction (an English message on an Arabic tile keeps its order), aligned with the tile.
          <span className="tile-message" data-testid="lock-message" title={words} dir="auto">
            “{words}”
          </span>
        )}
        {session ? (
          <>
            <span className="tile-user">{session.isGuest ? t('room.guest') : session.username}</span>
            <span className="tile-time">
              {session.remainingMinutes !== null
                ? t('room.left', { time: duration(session.remainingMinutes) })
                : t('room.elapsed', { time: elapsed(session.startTime, now) })}
            </span>
            {station.balance !== null && <span className="tile-balance">{money(station.balance)}</span>}
            {station.playing && <span className="tile-game">{t('room.playing', { game: station.playing })}</span>}
          </>
        ) : null}
        <span className="tile-beat small muted">
          {station.lastHeartbeatAt ? t('room.lastBeat', { time: clock(station.lastHeartbeatAt) }) : t('room.never')}
        </span>
      </Button>
    </div>
  );
}

function ActionBar({ selected }: { selected: string[] }) {
  const { t } = useTranslation();
  const { language, count } = useFormat();
  const room = useRoom();
  const stations = useSlice(room.store, (s) => s.stations);
  const offered = offeredActions(stations, selected);
  const [minutes, setMinutes] = useState('');
  const [status, setStatus] = useState<string>('maintenance');
  const [newName, setNewName] = useState('');
  const [pending, setPending] = useState<{ label: string; action: RoomAction } | null>(null);
  const [lockText, setLockText] = useState('');
  const lock = lockMessage(lockText);
  const [holding, setHolding] = useState(false);
  const minutesField = useRef<HTMLInputElement>(null);
  const lockField = useRef<HTMLInputElement>(null);

  /** Runs an action and empties the field it used, so the next one starts clean. */
  const run = (action: RoomAction) => {
    void room.run(selected, action);
    if (action.kind === 'unlock') setMinutes('');
    if (action.kind === 'lock') setLockText('');
    if (action.kind === 'command' && action.command === 'RENAME_PC') setNewName('');
  };
  const ask = (label: string, action: RoomAction) => {
    // Several stations, or live sessions in the way: preview first.
    if (selected.length > 1 || room.preview(selected).length > 0) setPending({ label, action });
    else run(action);
  };
  const unlock = () => offered.unlock && run({ kind: 'unlock', ...(minutes ? { minutes: Number(minutes) } : {}) });
  const end = () => offered.session && ask(t('room.end'), { kind: 'end' });
  useShortcuts({
    u: unlock,
    e: end,
    m: () => minutesField.current?.focus(),
    l: () => lockField.current?.focus(),
    a: () => room.selectAll(),
    escape: () => (holding ? setHolding(false) : room.clear()),
  });
  const hit = pending ? room.preview(selected) : [];
  const numbers = stations.filter((s) => selected.includes(s.id)).map((s) => s.number);
  // Why a command the PC must carry out cannot go: named once, beside the buttons it disables.
  const away =
    offered.offline.length === 0
      ? null
      : offered.offline.length === 1
        ? t('room.notConnected.one', { number: offered.offline[0] })
        : t('room.notConnected.many', { numbers: offered.offline.join(language === 'ar' ? '، ' : ', ') });
  const unreachable = offered.reachable ? undefined : (away ?? undefined);

  return (
    <div className="actions" role="toolbar" aria-label={t('room.selected', { count: selected.length })}>
      <span className="muted">{t('room.selected', { count: selected.length })}</span>
      <Button onClick={() => room.selectAll()} aria-keyshortcuts="A">
        {t('room.selectAll')}
      </Button>
      {offered.any && (
        <Button onClick={() => room.clear()} aria-keyshortcuts="Escape">
          {t('room.clear')}
        </Button>
      )}
      {!offered.any && <span className="muted small hint">{t('room.pickHint')}</span>}
      {offered.unlock && (
        <span className="group">
          <NumberField
            label={t('room.minutes')}
            labelHidden
            inputRef={minutesField}
            inputClassName="short"
            value={minutes}
            onValue={(text) => setMinutes(text.replace(/\D/g, ''))}
            onKeyDown={(e) => e.key === 'Enter' && unlock()}
            placeholder={t('room.minutes')}
            aria-keyshortcuts="M"
          />
          {/* Offered on a PC that is not connected too (the server refuses it, starts nothing, the receipt says why), but not as the obvious next step. */}
          <Button variant={offered.reachable ? 'primary' : undefined} onClick={unlock} aria-keyshortcuts="U">
            {t('room.unlock')}
          </Button>
        </span>
      )}
      {offered.session && (
        <>
          <Button onClick={end} aria-keyshortcuts="E">
            {t('room.end')}
          </Button>
          <Button
            disabled={!offered.logout}
            title={offered.logout ? undefined : (away ?? undefined)}
            onClick={() => ask(t('room.logout'), { kind: 'command', command: 'LOGOUT_USER' })}
          >
            {t('room.logout')}
          </Button>
        </>
      )}
      {offered.power && (
        <>
          <Button disabled={!offered.reachable} title={unreachable} onClick={() => ask(t('room.restart'), { kind: 'command', command: 'RESTART' })}>
            {t('room.restart')}
          </Button>
          <Button
            variant="danger"
            disabled={!offered.reachable}
            title={unreachable}
            onClick={() => ask(t('room.shutdown'), { kind: 'command', command: 'SHUTDOWN' })}
          >
            {t('room.shutdown')}
          </Button>
          <Button disabled={!offered.reachable} title={unreachable} onClick={() => run({ kind: 'command', command: 'OPEN_TASK_MANAGER' })}>
            {t('room.taskManager')}
          </Button>
        </>
      )}
      {away && (
        <span className="small away-note" role="note" data-testid="not-connected">
          {away}
        </span>
      )}
      {offered.any && (
        <span className="group">
          <TextField
            label={t('room.lock.message')}
            labelHidden
            inputRef={lockField}
            value={lockText}
            onValue={setLockText}
            onKeyDown={(e) => e.key === 'Enter' && lock && setPending({ label: t('room.lock'), action: { kind: 'lock', message: lock } })}
            maxLength={LOCK_MESSAGE_MAX}
            placeholder={t('room.lock.placeholder')}
            aria-keyshortcuts="L"
            title={t('room.lock.hint', { max: LOCK_MESSAGE_MAX })}
          />
          <Button disabled={lock === null} onClick={() => lock && setPending({ label: t('room.lock'), action: { kind: 'lock', message: lock } })}>
            {t('room.lock')}
          </Button>
        </span>
      )}
      {offered.unlockScreen && (
        <Button onClick={() => run({ kind: 'unlockScreen' })}>{t('room.unlockScreen')}</Button>
      )}
      {offered.any && (
        <span className="group">
          <SelectField
            label={t('room.setStatus')}
            labelHidden
            value={status}
            onValue={setStatus}
            options={STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
          />
          <Button onClick={() => ask(t('room.setStatus'), { kind: 'status', status })}>{t('room.setStatus')}</Button>
        </span>
      )}
      {offered.any && (
        <Button aria-expanded={holding} onClick={() => setHolding(!holding)}>
          {t('room.hold')}
        </Button>
      )}
      {offered.rename && (
        <span className="group">
          <TextField label={t('room.newName')} labelHidden value={newName} onValue={setNewName} placeholder={t('room.newName')} disabled={!offered.reachable} />
          <Button disabled={!newName.trim() || !offered.reachable} title={unreachable} onClick={() => run({ kind: 'command', command: 'RENAME_PC', newName: newName.trim() })}>
            {t('room.rename')}
          </Button>
        </span>
      )}
      <span className="muted small keys" aria-hidden="true">
        {t('room.keys')}
      </span>
      {holding && offered.any && <HoldForm selected={selected} onDone={() => setHolding(false)} />}
      {pending && (
        <ConfirmDialog wide
          title={t('room.preview.title')}
          confirmLabel={t('room.preview.confirm')}
          cancelLabel={t('room.preview.cancel')}
          onCancel={() => setPending(null)}
          onConfirm={() => {
            run(pending.action);
            setPending(null);
          }}
        >
          <p>{t('room.preview.action', { action: pending.label, stations: count(selected.length, STATIONS) })}</p>
          {pending.action.kind === 'lock' && (
            <div className="kiosk-preview" data-testid="lock-preview">
              <p className="small muted">{t('room.lock.showsOn', { stations: numbers.join(language === 'ar' ? '، ' : ', ') })}</p>
              {/* What the kiosk shows (SPEC §2 with our lock): its title and line, then staff's message on its own. */}
              <strong>{t('room.lock.kioskTitle')}</strong>
              <p>{t('room.lock.kioskText', { number: numbers[0] })}</p>
              <p className="small muted">{t('room.lock.kioskNote')}</p>
              <p className="quote" dir="auto" data-testid="lock-preview-message">
                {pending.action.message}
              </p>
            </div>
          )}
          {pending.action.kind === 'lock' && hit.length > 0 && <p className="muted">{t('room.lock.sessionsGoOn')}</p>}
          {hit.length > 0 ? (
            <>
              <p>{t('room.preview.sessions')}</p>
              <ul>
                {hit.map((s) => (
                  <li key={s.id}>
                    {t('room.pc', { number: s.number })} · {s.currentSession?.isGuest ? t('room.guest') : s.currentSession?.username}
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p className="muted">{t('room.preview.none')}</p>
          )}
        </ConfirmDialog>
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
