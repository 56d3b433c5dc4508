/**
 * The social domain's rules (SPEC §7 Social; domain shape since issue 21). Identity comes from the caller only: a
 * customer reads and changes their own friends, requests and presence; a request is answered by the one it was sent
 * to; guests have no Squad Hub (403). Each change tells the other side over their station's socket (emitToUser).
 * The queries are in codes.ts, friendships.ts, pings.ts, presence.ts and repo.ts.
 */
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { pingFriend, updatePresence } from '../../shared/api/routes.js';
import type { Friend } from '../../shared/entities.js';
import { signedIn, type Caller } from '../authority/caller.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../base/errors.js';
import type { BudgetRule } from '../http/budgets.js';
import { emitToUser } from '../realtime/user-events.js';
import { PresenceAnnouncer } from './announcer.js';
import { friendCodeOf, ownerOfFriendCode } from './codes.js';
import { acceptedFriendIds, answerRequest, areFriends, findBetween, openRequest, pendingFor, removeBetween } from './friendships.js';
import { pingCooldownMessage, takePingSlot } from './pings.js';
import { friendOf, people, presenceOf } from './presence.js';
import { stationNumberOf, upsertPresence } from './repo.js';

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

/** The caller as a member of the Squad Hub: signed in, and not a guest. */
export function member(caller: Caller | null): Caller {
  const who = signedIn(caller);
  if (who.type === 'guest') throw forbidden(GUESTS_HAVE_NO_SQUAD);
  return who;
}

export class SocialService {
  readonly announcer: PresenceAnnouncer;

  constructor(private readonly ctx: ServerContext) {
    this.announcer = new PresenceAnnouncer(ctx);
    this.announcer.attach();
  }

  private async friendsOf(userIds: string[]): Promise<Friend[]> {
    const [who, views] = await Promise.all([people(this.ctx, userIds), presenceOf(this.ctx, userIds)]);
    const friends: Friend[] = [];
    for (const userId of userIds) {
      const person = who.get(userId);
      const view = views.get(userId);
      if (person && view) friends.push(friendOf(person, view));
    }
    return friends.sort((a, b) => a.username.localeCompare(b.username));
  }

  private async person(me: Caller) {
    const found = (await people(this.ctx, [me.userId])).get(me.userId);
    return { username: found?.username ?? me.username, displayName: found?.displayName ?? null };
  }

  async friendCode(me: Caller) {
    return { friendCode: await friendCodeOf(this.ctx.db, me.userId, isoNow(this.ctx.clock)) };
  }

  async sendRequest(me: Caller, friendCode: string) {
    const { db, clock } = this.ctx;
    await this.ctx.budgets.take(FRIEND_REQUEST_BUDGET, me.userId, TOO_MANY_REQUESTS);
    const to = await ownerOfFriendCode(db, friendCode);
    if (!to) throw notFound(UNKNOWN_CODE);
    if (to === me.userId) throw badRequest(OWN_CODE);
    const outcome = await openRequest(db, me.userId, to, isoNow(clock));
    if (!outcome.ok) {
      throw conflict({ already_friends: ALREADY_FRIENDS, already_sent: ALREADY_SENT, they_asked: THEY_ASKED }[outcome.reason]);
    }
    await emitToUser(this.ctx, to, 'friendRequestReceived', {
      requestId: outcome.friendship.id,
      userId: me.userId,
      ...(await this.person(me)),
      sentAt: outcome.friendship.created_at,
    });
    return { success: true, message: 'Friend request sent' };
  }

  async accept(me: Caller, requestId: string) {
    const friendship = await answerRequest(this.ctx.db, requestId, me.userId, 'accepted', isoNow(this.ctx.clock));
    if (!friendship) throw notFound(NO_SUCH_REQUEST);
    await emitToUser(this.ctx, friendship.requester_id, 'friendRequestAccepted', {
      friendshipId: friendship.id,
      userId: me.userId,
      ...(await this.person(me)),
    });
    return { success: true, message: 'Friend request accepted' };
  }

  async decline(me: Caller, requestId: string) {
    // The sender is not told (SPEC §7 has no event for it): the request just stays unanswered to them.
    const friendship = await answerRequest(this.ctx.db, requestId, me.userId, 'declined', isoNow(this.ctx.clock));
    if (!friendship) throw notFound(NO_SUCH_REQUEST);
    return { success: true, message: 'Friend request declined' };
  }

  async friends(me: Caller) {
    return this.friendsOf(await acceptedFriendIds(this.ctx.db, me.userId));
  }

  requests(me: Caller) {
    return pendingFor(this.ctx.db, me.userId);
  }

  async remove(me: Caller, friendId: string) {
    const removed = await removeBetween(this.ctx.db, me.userId, friendId);
    if (!removed) throw notFound(NOT_A_FRIEND);
    // The other side's list drops this customer at once.
    await emitToUser(this.ctx, friendId, 'friendOffline', { userId: me.userId, ...(await this.person(me)), status: 'offline', removed: true });
    return { success: true, message: 'Friend removed' };
  }

  async mutual(me: Caller, otherId: string) {
    const { db } = this.ctx;
    // Only about someone the caller knows: a friend, or a pending request either way.
    const between = await findBetween(db, me.userId, otherId);
    if (!between || between.status === 'declined') throw forbidden(NOT_A_FRIEND);
    const [mine, theirs] = await Promise.all([acceptedFriendIds(db, me.userId), acceptedFriendIds(db, otherId)]);
    const both = new Set(theirs);
    return this.friendsOf(mine.filter((id) => both.has(id)));
  }

  async updatePresence(me: Caller, body: z.output<typeof updatePresence.body>) {
    // The station is the session's, whatever the body says (it is kept for the operator, never shown).
    const session = await this.ctx.sessions.activeForUser(me.userId);
    await upsertPresence(this.ctx.db, me.userId, {
      status: body.status,
      brand_id: body.brandId ?? null,
      cafe_name: body.cafeName ?? null,
      station_id: session?.station_id ?? null,
      current_game: body.status === 'playing' ? (body.currentGame ?? null) : null,
      updated_at: isoNow(this.ctx.clock),
    });
    await this.announcer.refresh(me.userId);
    return { success: true };
  }

  /** A ping to a friend at a station; a 429 carries `retryAfterSeconds` (the route sets Retry-After from it). */
  async ping(me: Caller, body: z.output<typeof pingFriend.body>) {
    const { db, clock } = this.ctx;
    if (body.receiverId === me.userId || !(await areFriends(db, me.userId, body.receiverId))) throw forbidden(NOT_A_FRIEND);
    const [mine, theirs] = await Promise.all([
      presenceOf(this.ctx, [me.userId]).then((v) => v.get(me.userId)),
      presenceOf(this.ctx, [body.receiverId]).then((v) => v.get(body.receiverId)),
    ]);
    // Invisible looks offline: a ping to them is refused like a ping to someone away.
    if (!theirs || theirs.status === 'offline') throw conflict(FRIEND_AWAY);
    const now = clock.now();
    const wait = await takePingSlot(db, me.userId, body.receiverId, now);
    if (wait > 0) throw new HttpError(429, pingCooldownMessage(wait), { retryAfterSeconds: wait });
    const session = await this.ctx.sessions.activeForUser(me.userId);
    const station = session ? await stationNumberOf(db, session.station_id) : undefined;
    await emitToUser(this.ctx, body.receiverId, 'friendPingReceived', {
      pingId: `png_${randomBytes(8).toString('hex')}`,
      userId: me.userId,
      ...(await this.person(me)),
      type: body.type,
      message: body.message.trim(),
      sentAt: new Date(now).toISOString(),
      ...(station ? { stationNumber: station.number } : {}),
      currentGame: mine?.currentGame ?? null,
    });
    return { success: true, message: 'Ping sent' };
  }
}
