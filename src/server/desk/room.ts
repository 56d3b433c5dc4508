/**
 * The room, live (issue 15): every station with its status, connection, last
 * heartbeat, who is on it, time left, balance and game. Console sockets on the
 * staff channel get the whole room when they connect and again within a
 * second of any change (the server compares snapshots once a second while a
 * console is watching, and at once after a staff action). Receipts: each
 * station action gets one per station — sent, delivered, done or failed with
 * the reason — from the acknowledgements the station already sends.
 */
import type { FastifyInstance } from 'fastify';
import { consoleReceipts, consoleRoom, RECEIPT_REASONS, RECEIPT_REFUSED_PREFIX, type Receipt, type RoomStation } from '../../shared/api/routes.js';
import { listStations } from '../stations/service.js';
import type { ServerContext } from '../context.js';
import { registerRoute } from '../http/route.js';
import type { AuditSink } from '../authority/audit.js';
import type { StaffChannel } from '../realtime/staff-channel.js';

export const ROOM_TICK_MS = 1000;
/** A guest unlock the station has not acknowledged by then reads 'timed out'. */
export const UNLOCK_ACK_TIMEOUT_MS = 15_000;
const KEPT_RECEIPTS = 200;


export async function roomSnapshot(ctx: ServerContext): Promise<RoomStation[]> {
  const { db } = ctx;
  const [stations, groups, balances, plays] = await Promise.all([
    listStations(ctx),
    db.selectFrom('stations').select(['id', 'group_id']).execute(),
    db
      .selectFrom('client_sessions as cs')
      .innerJoin('users as u', 'u.id', 'cs.user_id')
      .select(['cs.station_id', 'cs.is_guest', 'u.balance', 'u.protected_balance'])
      .where('cs.ended_at', 'is', null)
      .execute(),
    db.selectFrom('game_plays').select(['station_id', 'game_name', 'started_at']).where('ended_at', 'is', null).orderBy('started_at', 'desc').execute(),
  ]);
  return stations.map((s) => {
    const money = balances.find((b) => b.station_id === s.id);
    return {
      ...s,
      groupId: groups.find((g) => g.id === s.id)?.group_id ?? null,
      balance: money && money.is_guest !== 1 ? money.balance + money.protected_balance : null,
      playing: plays.find((p) => p.station_id === s.id)?.game_name ?? null,
    };
  });
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
      const ack = await db
        .selectFrom('guest_unlock_acks')
        .select(['success', 'error_message'])
        .where('session_id', '=', p.sessionId)
        .executeTakeFirst();
      const done = ack !== undefined || clock.now() - p.since >= UNLOCK_ACK_TIMEOUT_MS;
      if (!done) continue;
      pending.splice(pending.indexOf(p), 1);
      if (!receipt) continue;
      if (ack?.success === 1) put({ ...receipt, state: 'done', reason: null });
      else put({ ...receipt, state: 'failed', reason: ack ? `${RECEIPT_REFUSED_PREFIX}${ack.error_message ?? 'the station refused'}` : RECEIPT_REASONS.timedOut });
    }
  };

  const refresh = async () => {
    if (running) return;
    running = true;
    try {
      await options.everyTick?.();
      if (pending.length > 0) await checkUnlocks();
      if (staff.watchers() === 0) {
        last = '';
        return;
      }
      const room = await roomSnapshot(ctx);
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
    if (stationId && known) {
      const kind = known[1] as 'unlock-guest' | 'status' | 'command';
      const body = (entry.body ?? {}) as { command?: string; status?: string; minutes?: number };
      const action = kind === 'command' ? (body.command ?? 'command') : kind === 'status' ? `status:${body.status ?? ''}` : 'unlock-guest';
      void Promise.all([
        db.selectFrom('stations').select('number').where('id', '=', stationId).executeTakeFirst(),
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
          };
          if (entry.statusCode >= 400) return put({ ...base, state: 'failed', reason: `refused: ${entry.error ?? entry.statusCode}` });
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

export function registerRoomRoutes(app: FastifyInstance, ctx: ServerContext, room: () => Room): void {
  registerRoute(app, ctx, consoleRoom, () => roomSnapshot(ctx));
  registerRoute(app, ctx, consoleReceipts, () => room().receipts());
}
