/**
 * SPEC §7 Social, served. Identity comes from the token only: a customer reads
 * and changes their own friends, requests and presence; a request is answered
 * by the one it was sent to. Guests have no Squad Hub (403). Each change tells
 * the other side over their station's socket (emitToUser).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  acceptFriend,
  declineFriend,
  friendRequests,
  listFriends,
  mutualFriends,
  myFriendCode,
  pingFriend,
  removeFriend,
  sendFriendRequest,
  updatePresence,
} from '../../shared/api/routes.js';
import type { Friend } from '../../shared/entities.js';
import { signedIn, type Caller } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors.js';
import type { BudgetRule } from '../http/budgets.js';
import { registerRoute } from '../http/route.js';
import { emitToUser } from '../realtime/user-events.js';
import { PresenceAnnouncer } from './announcer.js';
import { friendCodeOf, ownerOfFriendCode } from './codes.js';
import { acceptedFriendIds, answerRequest, areFriends, findBetween, openRequest, pendingFor, removeBetween } from './friendships.js';
import { pingCooldownMessage, takePingSlot } from './pings.js';
import { friendOf, people, presenceOf } from './presence.js';

export const GUESTS_HAVE_NO_SQUAD = 'The Squad Hub is for registered customers: guests have no friends list.';
export const UNKNOWN_CODE = 'No customer has this friend code.';
export const OWN_CODE = 'This is your own friend code.';
export const ALREADY_FRIENDS = 'You are already friends.';
export const ALREADY_SENT = 'You already sent this customer a friend request.';
export const THEY_ASKED = 'This customer already sent you a friend request: accept it in your requests.';
export const NO_SUCH_REQUEST = 'No pending friend request with this id was sent to you.';
export const NOT_A_FRIEND = 'This customer is not in your friends list.';
export const FRIEND_AWAY = 'Your friend is not at a station right now.';
export const TOO_MANY_REQUESTS = 'Too many friend requests.';

/** Friend codes are 1 in 10^6: a customer may try 10 codes per 10 minutes, so nobody walks the code space. */
export const FRIEND_REQUEST_BUDGET: BudgetRule = { name: 'friend-request-user', max: 10, windowMs: 10 * 60_000 };

function member(caller: Caller | null): Caller {
  const who = signedIn(caller);
  if (who.type === 'guest') throw forbidden(GUESTS_HAVE_NO_SQUAD);
  return who;
}

export function registerSocialRoutes(app: FastifyInstance, ctx: ServerContext): PresenceAnnouncer {
  const { db, clock } = ctx;
  const announcer = new PresenceAnnouncer(ctx);
  announcer.attach();

  async function friendsOf(userIds: string[]): Promise<Friend[]> {
    const [who, views] = await Promise.all([people(ctx, userIds), presenceOf(ctx, userIds)]);
    const friends: Friend[] = [];
    for (const userId of userIds) {
      const person = who.get(userId);
      const view = views.get(userId);
      if (person && view) friends.push(friendOf(person, view));
    }
    return friends.sort((a, b) => a.username.localeCompare(b.username));
  }

  registerRoute(app, ctx, myFriendCode, async ({ caller }) => {
    const me = member(caller);
    return { friendCode: await friendCodeOf(db, me.userId, isoNow(clock)) };
  });

  registerRoute(app, ctx, sendFriendRequest, async ({ caller, body }) => {
    const me = member(caller);
    await ctx.budgets.take(FRIEND_REQUEST_BUDGET, me.userId, TOO_MANY_REQUESTS);
    const to = await ownerOfFriendCode(db, body.friendCode);
    if (!to) throw notFound(UNKNOWN_CODE);
    if (to === me.userId) throw badRequest(OWN_CODE);
    const outcome = await openRequest(db, me.userId, to, isoNow(clock));
    if (!outcome.ok) {
      throw conflict({ already_friends: ALREADY_FRIENDS, already_sent: ALREADY_SENT, they_asked: THEY_ASKED }[outcome.reason]);
    }
    const sender = (await people(ctx, [me.userId])).get(me.userId);
    await emitToUser(ctx, to, 'friendRequestReceived', {
      requestId: outcome.friendship.id,
      userId: me.userId,
      username: sender?.username ?? me.username,
      displayName: sender?.displayName ?? null,
      sentAt: outcome.friendship.created_at,
    });
    return { success: true, message: 'Friend request sent' };
  });

  registerRoute(app, ctx, acceptFriend, async ({ caller, params }) => {
    const me = member(caller);
    const friendship = await answerRequest(db, params.id, me.userId, 'accepted', isoNow(clock));
    if (!friendship) throw notFound(NO_SUCH_REQUEST);
    const acceptor = (await people(ctx, [me.userId])).get(me.userId);
    await emitToUser(ctx, friendship.requester_id, 'friendRequestAccepted', {
      friendshipId: friendship.id,
      userId: me.userId,
      username: acceptor?.username ?? me.username,
      displayName: acceptor?.displayName ?? null,
    });
    return { success: true, message: 'Friend request accepted' };
  });

  registerRoute(app, ctx, declineFriend, async ({ caller, params }) => {
    const me = member(caller);
    // The sender is not told (SPEC §7 has no event for it): the request just stays unanswered to them.
    const friendship = await answerRequest(db, params.id, me.userId, 'declined', isoNow(clock));
    if (!friendship) throw notFound(NO_SUCH_REQUEST);
    return { success: true, message: 'Friend request declined' };
  });

  registerRoute(app, ctx, listFriends, async ({ caller }) => friendsOf(await acceptedFriendIds(db, member(caller).userId)));

  registerRoute(app, ctx, friendRequests, async ({ caller }) => pendingFor(db, member(caller).userId));

  registerRoute(app, ctx, removeFriend, async ({ caller, params }) => {
    const me = member(caller);
    const removed = await removeBetween(db, me.userId, params.id);
    if (!removed) throw notFound(NOT_A_FRIEND);
    const person = (await people(ctx, [me.userId])).get(me.userId);
    // The other side's list drops this customer at once.
    await emitToUser(ctx, params.id, 'friendOffline', {
      userId: me.userId,
      username: person?.username ?? me.username,
      displayName: person?.displayName ?? null,
      status: 'offline',
      removed: true,
    });
    return { success: true, message: 'Friend removed' };
  });

  registerRoute(app, ctx, mutualFriends, async ({ caller, params }) => {
    const me = member(caller);
    // Only about someone the caller knows: a friend, or a pending request either way.
    const between = await findBetween(db, me.userId, params.id);
    if (!between || between.status === 'declined') throw forbidden(NOT_A_FRIEND);
    const [mine, theirs] = await Promise.all([acceptedFriendIds(db, me.userId), acceptedFriendIds(db, params.id)]);
    const both = new Set(theirs);
    return friendsOf(mine.filter((id) => both.has(id)));
  });

  registerRoute(app, ctx, updatePresence, async ({ caller, body }) => {
    const me = member(caller);
    // The station is the session's, whatever the body says (it is kept for the operator, never shown).
    const session = await ctx.sessions.activeForUser(me.userId);
    const row = {
      status: body.status,
      brand_id: body.brandId ?? null,
      cafe_name: body.cafeName ?? null,
      station_id: session?.station_id ?? null,
      current_game: body.status === 'playing' ? (body.currentGame ?? null) : null,
      updated_at: isoNow(clock),
    };
    await db
      .insertInto('presence')
      .values({ user_id: me.userId, ...row })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(row))
      .execute();
    await announcer.refresh(me.userId);
    return { success: true };
  });

  registerRoute(app, ctx, pingFriend, async ({ caller, body, reply }) => {
    const me = member(caller);
    if (body.receiverId === me.userId || !(await areFriends(db, me.userId, body.receiverId))) throw forbidden(NOT_A_FRIEND);
    const [mine, theirs] = await Promise.all([
      presenceOf(ctx, [me.userId]).then((v) => v.get(me.userId)),
      presenceOf(ctx, [body.receiverId]).then((v) => v.get(body.receiverId)),
    ]);
    // Invisible looks offline: a ping to them is refused like a ping to someone away.
    if (!theirs || theirs.status === 'offline') throw conflict(FRIEND_AWAY);
    const now = clock.now();
    const wait = await takePingSlot(db, me.userId, body.receiverId, now);
    if (wait > 0) {
      void reply.header('Retry-After', String(wait));
      throw new HttpError(429, pingCooldownMessage(wait), { retryAfterSeconds: wait });
    }
    const [person, session] = await Promise.all([
      people(ctx, [me.userId]).then((p) => p.get(me.userId)),
      ctx.sessions.activeForUser(me.userId),
    ]);
    const station = session
      ? await db.selectFrom('stations').select('number').where('id', '=', session.station_id).executeTakeFirst()
      : undefined;
    await emitToUser(ctx, body.receiverId, 'friendPingReceived', {
      pingId: `png_${randomBytes(8).toString('hex')}`,
      userId: me.userId,
      username: person?.username ?? me.username,
      displayName: person?.displayName ?? null,
      type: body.type,
      message: body.message.trim(),
      sentAt: new Date(now).toISOString(),
      ...(station ? { stationNumber: station.number } : {}),
      currentGame: mine?.currentGame ?? null,
    });
    return { success: true, message: 'Ping sent' };
  });

  return announcer;
}
