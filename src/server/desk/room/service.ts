/**
 * The room, live (issue 15): every station with its status, connection, last
 * heartbeat, who is on it, time left, balance and game. Console sockets on the
 * staff channel get the whole room when they connect and again within a
 * second of any change (the server compares snapshots once a second while a
 * console is watching, and at once after a staff action). Receipts: each
 * station action gets one per station — sent, delivered, done or failed with
 * the reason — from the acknowledgements the station already sends.
 */
import { RECEIPT_REASONS, RECEIPT_REFUSED_PREFIX, STATION_RECEIPT_ACTIONS, type Receipt, type RoomStation } from '../../../shared/api/routes.js';
import { listStations } from '../../stations/service.js';
import type { ServerContext } from '../../context.js';
import type { AuditSink } from '../../authority/audit.js';
import type { StaffChannel } from '../../realtime/staff-channel.js';
import { holdsNow } from '../holds/service.js';
import { endFailedUnlock } from './commands.js';
import { openPlays, runningWallets, stationGroups, stationMessages, stationNumber, unlockAck } from './repo.js';

export const ROOM_TICK_MS = 1000;
/** A guest unlock the station has not acknowledged by then reads 'timed out'. */
export const UNLOCK_ACK_TIMEOUT_MS = 15_000;
const KEPT_RECEIPTS = 200;


export async function roomSnapshot(ctx: ServerContext): Promise<RoomStation[]> {
  const { db } = ctx;
  const [stations, groups, balances, plays, messages, holds] = await Promise.all([
    listStations(ctx),
    stationGroups(db),
    runningWallets(db),
    openPlays(db),
    stationMessages(db),
    holdsNow(ctx),
  ]);
  return stations.map((s) => {
    const money = balances.find((b) => b.station_id === s.id);
    return {
      ...s,
      groupId: groups.find((g) => g.id === s.id)?.group_id ?? null,
      balance: money && money.is_guest !== 1 ? money.balance + money.protected_balance : null,
      playing: plays.find((p) => p.station_id === s.id)?.game_name ?? null,
      statusMessage: messages.find((m) => m.id === s.id)?.status_message ?? null,
      hold: holds.get(s.id) ?? null,
      atGate:
        money?.gate === 'top_up' || money?.gate === 'password' ? { gate: money.gate, since: money.started_at, expiresAt: money.gate_expires_at } : null,
    };
  });
}

/**
 * A cafe's own stations managed from the console (issue 22): the receipt's action for each owner route
 * (`STATION_RECEIPT_ACTIONS`), the station from the route or, for a new one, from the body.
 */
function managedStationAction(entry: { action: string; params?: Record<string, unknown>; body?: unknown }): { stationId: string; action: string } | null {
  const action = STATION_RECEIPT_ACTIONS[entry.action];
  if (!action) return null;
  const fromParams = entry.params?.stationId;
  const fromBody = (entry.body as { stationId?: unknown } | undefined)?.stationId;
  const stationId = typeof fromParams === 'string' ? fromParams : typeof fromBody === 'string' ? fromBody : null;
  return stationId ? { stationId, action } : null;
}

interface PendingUnlock {
  receiptId: string;
  sessionId: string;
  since: number;
}

export interface Room {
  /** Recompute now and push if anything changed. */
  refresh(): Promise<void>;
  receipts(): Receipt[];
  stop(): void;
}

export function startRoom(ctx: ServerContext, staff: StaffChannel, audit: AuditSink, options: { everyTick?: () => Promise<unknown> } = {}): Room {
  const { db, clock, events } = ctx;
  let last = '';
  let running = false;
  const receipts: Receipt[] = [];
  const pending: PendingUnlock[] = [];

  const put = (receipt: Receipt) => {
    const at = receipts.findIndex((r) => r.id === receipt.id);
    if (at >= 0) receipts[at] = receipt;
    else receipts.unshift(receipt);
    receipts.length = Math.min(receipts.length, KEPT_RECEIPTS);
    staff.emit('commandReceipt', receipt);
  };

  const checkUnlocks = async () => {
    for (const p of [...pending]) {
      const receipt = receipts.find((r) => r.id === p.receiptId);
      const ack = await unlockAck(db, p.sessionId);
      const done = ack !== undefined || clock.now() - p.since >= UNLOCK_ACK_TIMEOUT_MS;
      if (!done) continue;
      pending.splice(pending.indexOf(p), 1);
      if (!receipt) continue;
      if (ack?.success === 1) {
        put({ ...receipt, state: 'done', reason: null });
        continue;
      }
      // Refused or never acknowledged: the session it opened ends now, unbilled, before the receipt says failed.
      await endFailedUnlock(ctx, p.sessionId);
      put({ ...receipt, state: 'failed', reason: ack ? `${RECEIPT_REFUSED_PREFIX}${ack.error_message ?? 'the station refused'}` : RECEIPT_REASONS.timedOut });
    }
  };

  // Customers held at a login gate, by session: a new one is told once (the inbox chimes); the room carries them all.
  let atGate: Set<string> | null = null;
  const announceGates = (room: RoomStation[]) => {
    const now = new Set<string>();
    for (const s of room) {
      if (!s.atGate || !s.currentSession) continue;
      now.add(s.currentSession.sessionId);
      if (atGate && !atGate.has(s.currentSession.sessionId)) {
        staff.emitHere('customerAtGate', {
          sessionId: s.currentSession.sessionId,
          username: s.currentSession.username,
          stationId: s.id,
          stationNumber: s.number,
          gate: s.atGate.gate,
          since: s.atGate.since,
        });
      }
    }
    atGate = now;
  };

  const refresh = async () => {
    if (running) return;
    running = true;
    try {
      await options.everyTick?.();
      if (pending.length > 0) await checkUnlocks();
      if (staff.watchers() === 0) {
        last = '';
        atGate = null;
        return;
      }
      const room = await roomSnapshot(ctx);
      announceGates(room);
      const json = JSON.stringify(room);
      if (json !== last) {
        last = json;
        staff.emitHere('roomUpdated', room); // every node with watchers sends its own: not through the adapter
      }
    } catch (error) {
      ctx.log.warn({ err: error }, 'room refresh failed');
    } finally {
      running = false;
    }
  };

  const unlisten = audit.listen((entry) => {
    const stationId = typeof entry.params?.stationId === 'string' ? entry.params.stationId : null;
    const known = entry.action.match(/^POST \/admin\/stations\/:stationId\/(unlock-guest|status|command)$/);
    const managed = managedStationAction(entry);
    if (managed) {
      // The server's own change (add, edit, pairing code, revoke): done, or failed with its refusal.
      void stationNumber(db, managed.stationId)
        .then((station) =>
          put({
            id: entry.id,
            stationId: managed.stationId,
            stationNumber: station?.number ?? null,
            action: managed.action,
            state: entry.statusCode >= 400 ? 'failed' : 'done',
            reason: entry.statusCode >= 400 ? `${RECEIPT_REFUSED_PREFIX}${entry.error ?? entry.statusCode}` : null,
            by: entry.caller.username,
            at: entry.at,
            message: null,
          }),
        )
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'receipt not written'));
    }
    if (stationId && known) {
      const kind = known[1] as 'unlock-guest' | 'status' | 'command';
      const body = (entry.body ?? {}) as { command?: string; status?: string; minutes?: number; message?: string };
      const lock = kind === 'status' && typeof body.message === 'string' ? body.message : null;
      const action = kind === 'command' ? (body.command ?? 'command') : lock !== null ? 'lock' : kind === 'status' ? `status:${body.status ?? ''}` : 'unlock-guest';
      void Promise.all([
        stationNumber(db, stationId),
        events.isConnected(stationId),
      ])
        .then(([station, connected]) => {
          const base: Receipt = {
            id: entry.id,
            stationId,
            stationNumber: station?.number ?? null,
            action,
            state: 'sent',
            reason: null,
            by: entry.caller.username,
            at: entry.at,
            message: lock,
          };
          if (entry.statusCode >= 400) {
            const offline = entry.error === RECEIPT_REASONS.offline;
            return put({ ...base, state: 'failed', reason: offline ? RECEIPT_REASONS.offline : `${RECEIPT_REFUSED_PREFIX}${entry.error ?? entry.statusCode}` });
          }
          if (kind === 'unlock-guest') {
            const sessionId = (entry.result as { sessionId?: string } | undefined)?.sessionId;
            if (!connected || !sessionId) return put({ ...base, state: 'failed', reason: RECEIPT_REASONS.offline });
            put({ ...base, state: 'delivered' });
            pending.push({ receiptId: base.id, sessionId, since: clock.now() });
            return;
          }
          if (kind === 'command') {
            return put(connected ? { ...base, state: 'delivered' } : { ...base, state: 'failed', reason: RECEIPT_REASONS.offline });
          }
          // A status is the server's to set: done; an offline station is told when it reconnects.
          return put(connected ? { ...base, state: 'done' } : { ...base, state: 'sent', reason: RECEIPT_REASONS.offlineLater });
        })
        .catch((error: unknown) => ctx.log.warn({ err: error }, 'receipt not written'));
    }
    if (entry.statusCode < 400) void refresh();
  });

  // Real time, whatever the clock's speed: the console shows a change within a second.
  const timer = setInterval(() => void refresh(), ROOM_TICK_MS);
  timer.unref();
  staff.onWatcher(() => {
    last = '';
    void refresh();
  });
  return {
    refresh,
    receipts: () => [...receipts],
    stop() {
      unlisten();
      clearInterval(timer);
    },
  };
}
