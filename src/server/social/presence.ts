/**
 * What friends see of a customer (SPEC §3 Friend: status, cafeName,
 * brandName, currentGame, lastSeen), decided here rather than believed:
 *   - no running session, or its station's socket is gone → offline
 *     (a customer who closed the kiosk is not "online" forever);
 *   - chose invisible, or said offline (logging out) during this session → offline to friends;
 *   - a tracked game open in the session (play tracking) → playing it;
 *   - said playing with a game name (an untracked application) → playing;
 *   - otherwise online.
 * cafeName and brandName are what the customer's station said.
 */
import type { Friend, PresenceStatus } from '../../shared/entities.js';
import type { ServerContext } from '../context.js';

export interface PresenceView {
  status: PresenceStatus;
  cafeName: string | null;
  brandName: string | null;
  currentGame: string | null;
  lastSeen: string | null;
}

export interface Person {
  id: string;
  username: string;
  displayName: string | null;
}

type Deps = Pick<ServerContext, 'db' | 'events' | 'clock'>;

export async function people(ctx: Pick<ServerContext, 'db'>, userIds: readonly string[]): Promise<Map<string, Person>> {
  if (userIds.length === 0) return new Map();
  const rows = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'display_name'])
    .where('id', 'in', [...userIds])
    .execute();
  return new Map(rows.map((r) => [r.id, { id: r.id, username: r.username, displayName: r.display_name }]));
}

/** The presence friends see, for each of these users. */
export async function presenceOf(ctx: Deps, userIds: readonly string[]): Promise<Map<string, PresenceView>> {
  const views = new Map<string, PresenceView>();
  if (userIds.length === 0) return views;
  const ids = [...userIds];
  const [sessions, said, plays, lastEnded] = await Promise.all([
    ctx.db.selectFrom('client_sessions').select(['id', 'user_id', 'station_id', 'started_at']).where('user_id', 'in', ids).where('ended_at', 'is', null).execute(),
    ctx.db.selectFrom('presence').selectAll().where('user_id', 'in', ids).execute(),
    ctx.db
      .selectFrom('game_plays')
      .innerJoin('client_sessions', 'client_sessions.id', 'game_plays.session_id')
      .select(['game_plays.user_id', 'game_plays.game_name', 'game_plays.started_at'])
      .where('game_plays.user_id', 'in', ids)
      .where('game_plays.ended_at', 'is', null)
      .where('client_sessions.ended_at', 'is', null)
      .orderBy('game_plays.started_at', 'desc')
      .execute(),
    ctx.db
      .selectFrom('client_sessions')
      .select((eb) => ['user_id', eb.fn.max('ended_at').as('ended_at')])
      .where('user_id', 'in', ids)
      .groupBy('user_id')
      .execute(),
  ]);
  const sessionOf = new Map(sessions.map((s) => [s.user_id, s]));
  const saidOf = new Map(said.map((p) => [p.user_id, p]));
  const playOf = new Map<string, string>();
  for (const play of plays) if (!playOf.has(play.user_id)) playOf.set(play.user_id, play.game_name);
  const endedOf = new Map(lastEnded.map((row) => [row.user_id, row.ended_at ? String(row.ended_at) : null]));
  // Connected to any node of the cafe, not only to the one answering.
  const connected = await ctx.events.connectedStations(sessions.map((s) => s.station_id));

  for (const userId of ids) {
    const session = sessionOf.get(userId);
    // What the station said counts for this session only (an 'offline' from the last logout does not).
    const said = saidOf.get(userId);
    const claim = said && session && Date.parse(said.updated_at) >= Date.parse(session.started_at) ? said : undefined;
    const here = session !== undefined && connected.has(session.station_id);
    const hidden = claim?.status === 'invisible' || claim?.status === 'offline';
    if (!here || hidden) {
      // Last seen: when they hid or said goodbye; when their station went quiet; when their last session ended.
      const lastSeen = session ? (claim?.updated_at ?? session.started_at) : (endedOf.get(userId) ?? said?.updated_at ?? null);
      views.set(userId, { status: 'offline', cafeName: null, brandName: null, currentGame: null, lastSeen });
      continue;
    }
    const tracked = playOf.get(userId);
    const game = tracked ?? (claim?.status === 'playing' ? claim.current_game : null);
    views.set(userId, {
      status: game ? 'playing' : 'online',
      cafeName: claim?.cafe_name ?? null,
      brandName: claim?.brand_id ?? null,
      currentGame: game ?? null,
      lastSeen: new Date(ctx.clock.now()).toISOString(),
    });
  }
  return views;
}

export function friendOf(person: Person, view: PresenceView): Friend {
  return { id: person.id, username: person.username, displayName: person.displayName, ...view };
}
