/**
 * Tells a customer's friends when what they see of them changes: friendOnline
 * (was offline), friendOffline (is offline now), friendStatusChanged (online ↔
 * playing, another game, another cafe). It looks again whenever something
 * that presence is made of changes: the customer's PUT /social/presence, a
 * session starting or ending, a game launched or closed, the station's socket
 * coming or going. Looks at one user run one after another, so friends get
 * each change once and in order.
 */
import type { ServerToClientEvent } from '../../shared/socket/events.js';
import type { ServerContext } from '../context.js';
import { emitToUsers } from '../realtime/user-events.js';
import { acceptedFriendIds } from './friendships.js';
import { people, presenceOf, type PresenceView } from './presence.js';

const OFFLINE: PresenceView = { status: 'offline', cafeName: null, brandName: null, currentGame: null, lastSeen: null };

/** Events after which a user's presence may differ (the payloads name the user, or the station). */
const PRESENCE_INPUTS: ReadonlySet<ServerToClientEvent> = new Set<ServerToClientEvent>([
  'sessionStarted',
  'sessionEnded',
  'app:launched',
  'app:closed',
]);

type Deps = Pick<ServerContext, 'db' | 'events' | 'clock' | 'log' | 'coordination'>;

function same(a: PresenceView, b: PresenceView): boolean {
  return a.status === b.status && a.currentGame === b.currentGame && a.cafeName === b.cafeName && a.brandName === b.brandName;
}

export class PresenceAnnouncer {
  private readonly queues = new Map<string, Promise<void>>();

  constructor(private readonly ctx: Deps) {}

  /** Follows the station events and connections that presence is made of. */
  attach(): void {
    this.ctx.events.observe({
      emitted: (stationId, event, payload) => {
        if (!PRESENCE_INPUTS.has(event)) return;
        const userId = (payload as { userId?: unknown }).userId;
        if (typeof userId === 'string' && userId) void this.refresh(userId);
        else void this.refreshStation(stationId);
      },
      connectionChanged: (stationId) => void this.refreshStation(stationId),
    });
  }

  /** Looks at the user of the session running at the station (and the one that just ended there). */
  async refreshStation(stationId: string): Promise<void> {
    try {
      const running = await this.ctx.db
        .selectFrom('client_sessions')
        .select('user_id')
        .where('station_id', '=', stationId)
        .where('ended_at', 'is', null)
        .execute();
      await Promise.all(running.map((row) => this.refresh(row.user_id)));
    } catch (error) {
      this.ctx.log.error({ err: error, stationId }, 'could not refresh presence for a station');
    }
  }

  /** Recomputes the user's presence and tells their friends if it changed. Never throws. */
  refresh(userId: string): Promise<void> {
    const previous = this.queues.get(userId) ?? Promise.resolve();
    const next = previous
      .then(() => this.announce(userId))
      .catch((error: unknown) => this.ctx.log.error({ err: error, userId }, 'could not announce presence'))
      .finally(() => {
        if (this.queues.get(userId) === next) this.queues.delete(userId);
      });
    this.queues.set(userId, next);
    return next;
  }

  /** Resolves once every queued look has run (tests and shutdown). */
  async idle(): Promise<void> {
    while (this.queues.size > 0) await Promise.all([...this.queues.values()]);
  }

  private async announce(userId: string): Promise<void> {
    const view = (await presenceOf(this.ctx, [userId])).get(userId) ?? OFFLINE;
    // What friends were last told, by whichever node told them (a change seen on another node is announced here).
    const told = await this.ctx.coordination.exchange(`presence:${userId}`, JSON.stringify(view));
    const before = told ? (JSON.parse(told) as PresenceView) : OFFLINE;
    if (same(before, view)) return;
    const friends = await acceptedFriendIds(this.ctx.db, userId);
    if (friends.length === 0) return;
    const person = (await people(this.ctx, [userId])).get(userId);
    if (!person) return;
    const payload = { userId, username: person.username, displayName: person.displayName, ...view };
    const event = before.status === 'offline' ? 'friendOnline' : view.status === 'offline' ? 'friendOffline' : 'friendStatusChanged';
    await emitToUsers(this.ctx, friends, event, payload);
  }
}
