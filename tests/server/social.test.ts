/** The Squad Hub's server (SPEC §3, §5, §7 Social; issue 14): codes, requests, presence, pings and who hears what. */
import { describe, expect, it } from 'vitest';
import {
  acceptFriend,
  appClosed,
  appLaunched,
  declineFriend,
  friendRequests,
  listFriends,
  mutualFriends,
  myFriendCode,
  pingFriend,
  removeFriend,
  sendFriendRequest,
  updatePresence,
  adminEndSession,
} from '../../src/shared/api/routes.js';
import { PING_COOLDOWN_MS } from '../../src/shared/constants.js';
import { drawFriendCode, friendCodeOf } from '../../src/server/social/codes.js';
import { api, connectStation, fail, ok, settle } from './support/harness.js';
import { useServer } from './support/server.js';
import { customerAt, guestAt, type AtStation } from './store-fixtures.js';

const t = useServer({ admin: true });

const codeOf = async (who: AtStation) => (await ok(t.url, myFriendCode, { token: who.token })).friendCode;

/** ali at st-01 and sara at st-02, both saying they are online, made friends. */
async function friends(): Promise<{ ali: AtStation; sara: AtStation }> {
  const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
  const sara = await customerAt(t.url, 2, 'sara', 'sara12345');
  await ok(t.url, sendFriendRequest, { body: { friendCode: await codeOf(sara) }, token: ali.token });
  const [request] = await ok(t.url, friendRequests, { token: sara.token });
  await ok(t.url, acceptFriend, { params: { id: request!.id }, token: sara.token });
  await ok(t.url, updatePresence, { body: { status: 'online' }, token: ali.token });
  await ok(t.url, updatePresence, { body: { status: 'online' }, token: sara.token });
  return { ali, sara };
}

describe('friend codes', () => {
  it('are 7 digits starting with 7, one per customer, kept', async () => {
    for (let i = 0; i < 50; i += 1) expect(drawFriendCode()).toMatch(/^7\d{6}$/);
    expect(drawFriendCode(() => 42)).toBe('7000042');
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const first = await codeOf(ali);
    expect(first).toMatch(/^7\d{6}$/);
    expect(await codeOf(ali)).toBe(first);
  });

  it('draws again when a code is taken', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const sara = await customerAt(t.url, 2, 'sara', 'sara12345');
    const draws = ['7111111', '7111111', '7222222'];
    const now = new Date(t.clock.now()).toISOString();
    expect(await friendCodeOf(t.server.db, ali.userId, now, () => draws.shift()!)).toBe('7111111');
    expect(await friendCodeOf(t.server.db, sara.userId, now, () => draws.shift()!)).toBe('7222222');
  });

  it('refuse guests the whole Squad Hub', async () => {
    const guest = await guestAt(t.url, t.admin, 3);
    expect(await fail(t.url, myFriendCode, { token: guest.token })).toMatchObject({ statusCode: 403 });
    expect(await fail(t.url, listFriends, { token: guest.token })).toMatchObject({ statusCode: 403 });
    expect(await fail(t.url, sendFriendRequest, { body: { friendCode: '7000000' }, token: guest.token })).toMatchObject({ statusCode: 403 });
  });
});

describe('friend requests', () => {
  it('goes pending → accepted; the addressee hears of the request, the sender of the acceptance; both list each other', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const sara = await customerAt(t.url, 2, 'sara', 'sara12345');
    expect(await ok(t.url, sendFriendRequest, { body: { friendCode: await codeOf(sara) }, token: ali.token })).toMatchObject({ success: true });
    const received = await sara.socket.next('friendRequestReceived');
    expect(received).toMatchObject({ userId: ali.userId, username: 'ali' });
    expect(ali.socket.count('friendRequestReceived')).toBe(0);

    const requests = await ok(t.url, friendRequests, { token: sara.token });
    expect(requests).toEqual([
      expect.objectContaining({
        id: received.requestId,
        username: 'ali',
        friendship: expect.objectContaining({ userId: ali.userId, friendId: sara.userId, status: 'pending' }),
      }),
    ]);
    // ali sent it: it is not waiting for ali's answer.
    expect(await ok(t.url, friendRequests, { token: ali.token })).toEqual([]);

    await ok(t.url, acceptFriend, { params: { id: received.requestId! }, token: sara.token });
    expect(await ali.socket.next('friendRequestAccepted')).toMatchObject({ userId: sara.userId, username: 'sara', displayName: 'Sara Kareem' });
    expect(await ok(t.url, friendRequests, { token: sara.token })).toEqual([]);
    expect((await ok(t.url, listFriends, { token: ali.token })).map((f) => f.username)).toEqual(['sara']);
    expect((await ok(t.url, listFriends, { token: sara.token })).map((f) => f.username)).toEqual(['ali']);
  });

  it('refuses unknown and own codes, duplicates and the reverse request, with clear messages', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const sara = await customerAt(t.url, 2, 'sara', 'sara12345');
    const mine = await codeOf(ali);
    const hers = await codeOf(sara);
    const unknown = mine === '7000001' || hers === '7000001' ? '7000002' : '7000001';
    expect(await fail(t.url, sendFriendRequest, { body: { friendCode: unknown }, token: ali.token })).toMatchObject({ statusCode: 404, message: 'No customer has this friend code.' });
    expect(await fail(t.url, sendFriendRequest, { body: { friendCode: mine }, token: ali.token })).toMatchObject({ statusCode: 400, message: 'This is your own friend code.' });
    expect(await fail(t.url, sendFriendRequest, { body: { friendCode: '6123456' }, token: ali.token })).toMatchObject({ statusCode: 400 });
    await ok(t.url, sendFriendRequest, { body: { friendCode: hers }, token: ali.token });
    expect(await fail(t.url, sendFriendRequest, { body: { friendCode: hers }, token: ali.token })).toMatchObject({ statusCode: 409, message: 'You already sent this customer a friend request.' });
    expect(await fail(t.url, sendFriendRequest, { body: { friendCode: mine }, token: sara.token })).toMatchObject({ statusCode: 409 });
    expect(await t.server.db.selectFrom('friendships').selectAll().execute()).toHaveLength(1);
  });

  it('lets only the addressee answer; a declined customer may ask again', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const sara = await customerAt(t.url, 2, 'sara', 'sara12345');
    await ok(t.url, sendFriendRequest, { body: { friendCode: await codeOf(sara) }, token: ali.token });
    const { requestId } = await sara.socket.next('friendRequestReceived');
    // The sender cannot accept their own request for the other side.
    expect(await fail(t.url, acceptFriend, { params: { id: requestId! }, token: ali.token })).toMatchObject({ statusCode: 404 });
    expect(await fail(t.url, declineFriend, { params: { id: requestId! }, token: ali.token })).toMatchObject({ statusCode: 404 });
    await ok(t.url, declineFriend, { params: { id: requestId! }, token: sara.token });
    expect(await fail(t.url, acceptFriend, { params: { id: requestId! }, token: sara.token })).toMatchObject({ statusCode: 404 });
    await settle();
    expect(ali.socket.count('friendRequestAccepted')).toBe(0);
    expect(await ok(t.url, listFriends, { token: ali.token })).toEqual([]);
    await ok(t.url, sendFriendRequest, { body: { friendCode: await codeOf(sara) }, token: ali.token });
    expect(await ok(t.url, friendRequests, { token: sara.token })).toHaveLength(1);
  });

  it('removal ends it for both sides and tells the other', async () => {
    const { ali, sara } = await friends();
    await ok(t.url, removeFriend, { params: { id: sara.userId }, token: ali.token });
    expect(await sara.socket.next('friendOffline', (p) => p.removed === true)).toMatchObject({ userId: ali.userId });
    expect(await ok(t.url, listFriends, { token: sara.token })).toEqual([]);
    expect(await ok(t.url, listFriends, { token: ali.token })).toEqual([]);
    expect(await fail(t.url, removeFriend, { params: { id: sara.userId }, token: ali.token })).toMatchObject({ statusCode: 404 });
  });

  it('answers mutual friends only about someone the caller knows', async () => {
    const { ali, sara } = await friends();
    const db = t.server.db;
    const now = new Date(t.clock.now()).toISOString();
    await db
      .insertInto('users')
      .values({ id: 'usr_omar', username: 'omar', password_hash: null, type: 'regular', balance: 0, protected_balance: 0, xp: 0, level: 1, require_password_reset: 0, require_balance_top_up: 0, created_at: now } as never)
      .execute();
    for (const [id, other] of [['f1', ali.userId], ['f2', sara.userId]] as const) {
      const [a, b] = [other, 'usr_omar'].sort();
      await db.insertInto('friendships').values({ id, pair_key: `${a}:${b}`, requester_id: other, addressee_id: 'usr_omar', status: 'accepted', created_at: now, responded_at: now }).execute();
    }
    expect((await ok(t.url, mutualFriends, { params: { id: sara.userId }, token: ali.token })).map((f) => f.username)).toEqual(['omar']);
    await ok(t.url, removeFriend, { params: { id: sara.userId }, token: ali.token });
    expect(await fail(t.url, mutualFriends, { params: { id: sara.userId }, token: ali.token })).toMatchObject({ statusCode: 403 });
  });
});

describe('who receives friend events', () => {
  it('the friend\'s current station only: not another PC, and it follows them to a new station', async () => {
    const { ali, sara } = await friends();
    const idle = await connectStation(t.url, 3);
    await ok(t.url, pingFriend, { body: { receiverId: sara.userId, type: 'general', message: 'one' }, token: ali.token });
    await sara.socket.next('friendPingReceived');

    // Sara signs in at st-04: her old station's session ends, the events go to st-04 now.
    const moved = await customerAt(t.url, 4, 'sara', 'sara12345');
    await ok(t.url, updatePresence, { body: { status: 'online' }, token: moved.token });
    await t.clock.advance(PING_COOLDOWN_MS);
    await ok(t.url, pingFriend, { body: { receiverId: sara.userId, type: 'general', message: 'two' }, token: ali.token });
    expect(await moved.socket.next('friendPingReceived')).toMatchObject({ message: 'two' });
    await settle();
    expect(sara.socket.count('friendPingReceived')).toBe(1);
    expect(idle.count('friendPingReceived')).toBe(0);
    expect(idle.received.filter((r) => r.event.startsWith('friend'))).toEqual([]);
    idle.close();
  });
});

describe('presence', () => {
  it('is derived on the server: online, playing the tracked game, invisible looks offline, offline when the session ends', async () => {
    const { ali, sara } = await friends();
    expect(await ok(t.url, listFriends, { token: sara.token })).toMatchObject([{ username: 'ali', status: 'online' }]);

    await ok(t.url, appLaunched, { body: { jsonId: 'game-cs2', sessionId: ali.sessionId, userId: ali.userId, stationId: 'st-01' }, token: ali.token });
    expect(await sara.socket.next('friendStatusChanged')).toMatchObject({ userId: ali.userId, status: 'playing', currentGame: 'Counter-Strike 2' });
    expect(await ok(t.url, listFriends, { token: sara.token })).toMatchObject([{ status: 'playing', currentGame: 'Counter-Strike 2' }]);
    await ok(t.url, appClosed, { body: { jsonId: 'game-cs2', sessionId: ali.sessionId, userId: ali.userId, stationId: 'st-01' }, token: ali.token });
    expect(await sara.socket.next('friendStatusChanged')).toMatchObject({ status: 'online', currentGame: null });

    await ok(t.url, updatePresence, { body: { status: 'invisible' }, token: ali.token });
    expect(await sara.socket.next('friendOffline')).toMatchObject({ userId: ali.userId, status: 'offline' });
    expect(await ok(t.url, listFriends, { token: sara.token })).toMatchObject([{ status: 'offline', currentGame: null }]);
    await ok(t.url, updatePresence, { body: { status: 'online', cafeName: 'PC-01', brandId: 'Spawnpoint' }, token: ali.token });
    expect(await sara.socket.next('friendOnline')).toMatchObject({ userId: ali.userId, status: 'online', cafeName: 'PC-01', brandName: 'Spawnpoint' });

    await ok(t.url, adminEndSession, { params: { sessionId: ali.sessionId }, token: t.admin });
    expect(await sara.socket.next('friendOffline')).toMatchObject({ userId: ali.userId });
    const [seen] = await ok(t.url, listFriends, { token: sara.token });
    expect(seen).toMatchObject({ status: 'offline' });
    expect(seen!.lastSeen).toBe(new Date(t.clock.now()).toISOString());
  });

  it('is offline when the station socket is gone (the kiosk was closed)', async () => {
    const { ali, sara } = await friends();
    ali.socket.close();
    expect(await sara.socket.next('friendOffline')).toMatchObject({ userId: ali.userId });
    expect(await ok(t.url, listFriends, { token: sara.token })).toMatchObject([{ status: 'offline' }]);
  });

  it('is told to friends only', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const sara = await customerAt(t.url, 2, 'sara', 'sara12345');
    await ok(t.url, updatePresence, { body: { status: 'online' }, token: ali.token });
    await settle();
    expect(sara.socket.count('friendOnline')).toBe(0);
  });
});

describe('pings', () => {
  it('reach the friend at their station; a second within 5 s is refused with 429 and the SPEC text', async () => {
    const { ali, sara } = await friends();
    await ok(t.url, pingFriend, { body: { receiverId: sara.userId, type: 'location', message: 'Come to PC 1' }, token: ali.token });
    expect(await sara.socket.next('friendPingReceived')).toMatchObject({ userId: ali.userId, type: 'location', message: 'Come to PC 1', stationNumber: 1 });
    expect(ali.socket.count('friendPingReceived')).toBe(0);

    await t.clock.advance(1_200);
    const refused = await api(t.url, 'POST', '/social/ping', { body: { receiverId: sara.userId, type: 'general', message: '' }, token: ali.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: 'Wait 4s before pinging this friend again.', retryAfterSeconds: 4 });
    // The limit is per pair and direction: sara may ping ali.
    await ok(t.url, pingFriend, { body: { receiverId: ali.userId, type: 'general', message: 'hi' }, token: sara.token });

    await t.clock.advance(PING_COOLDOWN_MS - 1_200);
    await ok(t.url, pingFriend, { body: { receiverId: sara.userId, type: 'game_invite', message: '' }, token: ali.token });
    await sara.socket.next('friendPingReceived', (p) => p.type === 'game_invite');
  });

  it('two pings sent together: exactly one passes', async () => {
    const { ali, sara } = await friends();
    const body = { receiverId: sara.userId, type: 'general', message: '' } as const;
    const answers = await Promise.all([1, 2, 3].map(() => api(t.url, 'POST', '/social/ping', { body, token: ali.token })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429]);
  });

  it('cannot be sent to a non-friend, nor for another user (the token decides the sender)', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const sara = await customerAt(t.url, 2, 'sara', 'sara12345');
    expect(await fail(t.url, pingFriend, { body: { receiverId: sara.userId, type: 'general', message: '' }, token: ali.token })).toMatchObject({ statusCode: 403 });
    expect(await fail(t.url, pingFriend, { body: { receiverId: ali.userId, type: 'general', message: '' }, token: ali.token })).toMatchObject({ statusCode: 403 });
    expect(await fail(t.url, pingFriend, { body: { receiverId: sara.userId, type: 'general', message: '' } })).toMatchObject({ statusCode: 401 });
    await settle();
    expect(sara.socket.count('friendPingReceived')).toBe(0);
  });

  it('is refused when the friend is away or invisible', async () => {
    const { ali, sara } = await friends();
    await ok(t.url, updatePresence, { body: { status: 'invisible' }, token: sara.token });
    expect(await fail(t.url, pingFriend, { body: { receiverId: sara.userId, type: 'general', message: '' }, token: ali.token })).toMatchObject({ statusCode: 409, message: 'Your friend is not at a station right now.' });
  });
});
