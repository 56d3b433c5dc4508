/** The Squad Hub's service (SPEC §5 friend code and ping cooldown, §7 Social; issue 14), on a fake server. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
import type { ApiClient } from '../../../src/renderer/core/api/httpClient.js';
import { PingCooldowns } from '../../../src/renderer/squad/pingCooldown.js';
import { isSquadMember, SquadService, type SquadNotification } from '../../../src/renderer/squad/squadService.js';
import { INITIAL_SQUAD_STATE, type SquadState } from '../../../src/renderer/squad/squadStore.js';
import type { Route } from '../../../src/shared/api/route.js';
import type { Friend, StoredSession } from '../../../src/shared/entities.js';
import { englishText } from '../../../src/renderer/core/i18n/uiMessage.js';
import { silentLog } from '../support/fakes.js';

const SESSION: StoredSession = {
  id: 'ses_1',
  sessionId: 'ses_1',
  stationId: 'st-01',
  stationNumber: 1,
  username: 'ali',
  isGuest: false,
  startTime: '2026-01-01T10:00:00.000Z',
  macAddress: 'AA:BB:CC:DD:EE:01',
  ipAddress: '192.168.1.21',
  token: 't',
  userId: 'usr_ali',
};

const sara: Friend = {
  id: 'usr_sara',
  username: 'sara',
  displayName: 'Sara Kareem',
  status: 'online',
  cafeName: 'PC-02',
  brandName: 'Spawnpoint',
  currentGame: null,
  lastSeen: null,
};

type Handler = (options: { params?: Record<string, string>; body?: unknown }) => unknown;

function fakeServer(handlers: Record<string, Handler>) {
  const calls: { key: string; params?: Record<string, string>; body?: unknown }[] = [];
  const api: Pick<ApiClient, 'call'> = {
    call: (async (route: Route, options: { params?: Record<string, string>; body?: unknown } = {}) => {
      const key = `${route.method} ${route.path}`;
      calls.push({ key, params: options.params, body: options.body });
      const handler = handlers[key];
      if (!handler) throw new Error(`unexpected call ${key}`);
      return handler(options);
    }) as ApiClient['call'],
  };
  return { api, calls };
}

const DEFAULT_HANDLERS: Record<string, Handler> = {
  'GET /social/my-friend-code': () => ({ friendCode: '7123456' }),
  'GET /social/friends': () => [sara],
  'GET /social/friends/requests': () => [],
  'GET /social/friends/mutual/:id': () => [],
  'PUT /social/presence': () => ({ success: true }),
  'POST /social/ping': () => ({ success: true }),
  'POST /social/friends/request': () => ({ success: true }),
};

function build(handlers: Record<string, Handler> = {}, session: StoredSession | null = SESSION) {
  const server = fakeServer({ ...DEFAULT_HANDLERS, ...handlers });
  const store = create<SquadState>()(() => ({ ...INITIAL_SQUAD_STATE }));
  const notifications: SquadNotification[] = [];
  const toasts: string[] = [];
  let current = session;
  const service = new SquadService({
    api: server.api,
    getSession: () => current,
    getPlace: () => ({ stationId: 'st-01', name: 'PC-01' }),
    gameName: (jsonId) => (jsonId === 'game-cs2' ? 'Counter-Strike 2' : null),
    notify: (n) => notifications.push(n),
    toast: { success: (m) => toasts.push(englishText(m)), error: (m) => toasts.push(`error: ${englishText(m)}`) },
    copyText: async () => undefined,
    now: () => Date.now(),
    store,
    log: silentLog,
  });
  return { service, store, calls: server.calls, notifications, toasts, signOut: () => (current = null) };
}

const presenceBodies = (calls: { key: string; body?: unknown }[]) =>
  calls.filter((c) => c.key === 'PUT /social/presence').map((c) => c.body);

describe('who gets the Squad Hub (SPEC §2/§4)', () => {
  it('members only: never a guest, nor a guest_ name', () => {
    expect(isSquadMember(SESSION)).toBe(true);
    expect(isSquadMember({ ...SESSION, isGuest: true })).toBe(false);
    expect(isSquadMember({ ...SESSION, username: 'guest_42' })).toBe(false);
    expect(isSquadMember(null)).toBe(false);
  });

  it('a guest session loads nothing and says nothing about presence', async () => {
    const { service, store, calls } = build({}, { ...SESSION, isGuest: true });
    await service.open();
    expect(store.getState().status).toBe('off');
    expect(calls).toEqual([]);
  });

  it('a member loads code, friends and requests, and says they are online at this PC', async () => {
    const { service, store, calls } = build();
    await service.open();
    expect(store.getState()).toMatchObject({ status: 'ready', friendCode: '7123456', friends: [sara] });
    expect(presenceBodies(calls)).toEqual([{ status: 'online', brandId: 'Spawnpoint', cafeName: 'PC-01', stationId: 'st-01', currentGame: null }]);
  });
});

describe('add a friend by code (SPEC §5)', () => {
  it.each(['', '712345', '71234567', '6123456', '7a23456'])('refuses %j without asking the server', async (code) => {
    const { service, store, calls } = build();
    expect(await service.addFriend(code)).toBe(false);
    expect(store.getState().addError).toEqual({ key: 'squad.codeInvalid' });
    expect(calls).toEqual([]);
  });

  it('sends a valid code and shows the server\'s refusal as it said it', async () => {
    const refused = new ApiError('409', 'http', 409, 'Conflict', 'You are already friends.');
    const { service, store, calls, toasts } = build();
    expect(await service.addFriend(' 7654321 ')).toBe(true);
    expect(calls.at(-1)).toMatchObject({ key: 'POST /social/friends/request', body: { friendCode: '7654321' } });
    expect(toasts).toEqual(['Friend request sent']);

    const { service: again, store: againStore } = build({ 'POST /social/friends/request': () => Promise.reject(refused) });
    expect(await again.addFriend('7654321')).toBe(false);
    expect(againStore.getState().addError).toEqual({ text: 'You are already friends.' });
    expect(store.getState().busy).toBe(false);
  });
});

describe('ping cooldown (SPEC §5/§9: 5 s per friend)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-01-01T10:00:00.000Z'));
  });
  afterEach(() => vi.useRealTimers());

  it('counts whole seconds per friend', () => {
    const cooldowns = new PingCooldowns(() => Date.now());
    cooldowns.record('a');
    expect(cooldowns.secondsLeft('a')).toBe(5);
    expect(cooldowns.secondsLeft('b')).toBe(0);
    vi.advanceTimersByTime(1);
    expect(cooldowns.secondsLeft('a')).toBe(5);
    vi.advanceTimersByTime(999);
    expect(cooldowns.secondsLeft('a')).toBe(4);
    vi.advanceTimersByTime(3_999);
    expect(cooldowns.secondsLeft('a')).toBe(1);
    vi.advanceTimersByTime(1);
    expect(cooldowns.secondsLeft('a')).toBe(0);
  });

  it('refuses a second ping within 5 s with the SPEC text, then lets one through', async () => {
    const { service, store, calls } = build();
    await service.open();
    expect(await service.ping('usr_sara', 'general')).toBe(true);
    expect(englishText(store.getState().friendNotes.usr_sara!)).toBe('Ping sent to Sara Kareem');
    vi.advanceTimersByTime(2_500);
    expect(await service.ping('usr_sara', 'location')).toBe(false);
    expect(englishText(store.getState().friendNotes.usr_sara!)).toBe('Wait 3s before pinging this friend again.');
    expect(calls.filter((c) => c.key === 'POST /social/ping')).toHaveLength(1);
    vi.advanceTimersByTime(2_500);
    expect(await service.ping('usr_sara', 'location')).toBe(true);
    expect(calls.filter((c) => c.key === 'POST /social/ping')).toHaveLength(2);
  });

  it('takes the server\'s word on a 429 (another station of ours pinged first)', async () => {
    const busy = new ApiError('429', 'http', 429, 'Too Many Requests', 'Wait 2s before pinging this friend again.');
    const { service, store } = build({ 'POST /social/ping': () => Promise.reject(busy) });
    await service.open();
    expect(await service.ping('usr_sara', 'general')).toBe(false);
    expect(englishText(store.getState().friendNotes.usr_sara!)).toBe('Wait 2s before pinging this friend again.');
    expect(service.cooldowns.secondsLeft('usr_sara')).toBe(2);
    vi.advanceTimersByTime(2_000);
    expect(service.cooldowns.secondsLeft('usr_sara')).toBe(0);
  });
});

describe('presence (SPEC §4/§7 PUT /social/presence)', () => {
  it('playing the launched game, back online when it closes, invisible when chosen, offline at logout', async () => {
    const { service, calls } = build();
    await service.open();
    service.gameLaunched('game-cs2');
    service.gameClosed();
    await service.setPresence('invisible');
    service.signOff();
    await vi.waitFor(() => expect(presenceBodies(calls)).toHaveLength(5));
    expect(presenceBodies(calls).map((b) => [(b as { status: string }).status, (b as { currentGame: unknown }).currentGame])).toEqual([
      ['online', null],
      ['playing', 'Counter-Strike 2'],
      ['online', null],
      ['invisible', null],
      ['offline', null],
    ]);
  });
});

describe('friend events (SPEC §7): the one reaction', () => {
  it('a request refreshes the requests and becomes a friend_request notification', async () => {
    const request = {
      id: 'frd_1',
      userId: 'usr_sara',
      username: 'sara',
      displayName: 'Sara Kareem',
      sentAt: '2026-01-01T10:00:00.000Z',
      friendship: { id: 'frd_1', userId: 'usr_sara', friendId: 'usr_ali', status: 'pending' as const, createdAt: '2026-01-01T10:00:00.000Z' },
    };
    const { service, store, notifications } = build({ 'GET /social/friends/requests': () => [request] });
    service.onFriendEvent('friendRequestReceived', { userId: 'usr_sara', username: 'sara', displayName: 'Sara Kareem' });
    await vi.waitFor(() => expect(store.getState().requests).toEqual([request]));
    expect(notifications.map((n) => [n.type, englishText(n.message)])).toEqual([['friend_request', 'Sara Kareem sent you a friend request']]);
  });

  it('an acceptance, a ping and a presence change', async () => {
    const { service, store, notifications, calls } = build();
    service.onFriendEvent('friendRequestAccepted', { username: 'sara' });
    service.onFriendEvent('friendPingReceived', { username: 'sara', displayName: 'Sara Kareem', type: 'location', stationNumber: 2 });
    service.onFriendEvent('friendPingReceived', { username: 'sara', type: 'game_invite', currentGame: 'Valorant' });
    service.onFriendEvent('friendStatusChanged', { userId: 'usr_sara', status: 'playing' });
    expect(notifications.map((n) => [n.type, englishText(n.message)])).toEqual([
      ['friend_accepted', 'sara accepted your friend request'],
      ['ping', 'Sara Kareem is at PC 2'],
      ['ping', 'sara invites you to play Valorant'],
    ]);
    await vi.waitFor(() => expect(store.getState().friends).toEqual([sara]));
    expect(calls.filter((c) => c.key === 'GET /social/friends')).toHaveLength(2);
  });

  it('a bare event (a server that sends no fields) still refreshes', async () => {
    const { service, calls, notifications } = build();
    service.onFriendEvent('friendOffline', {});
    service.onFriendEvent('friendPingReceived', {});
    await vi.waitFor(() => expect(calls.map((c) => c.key)).toEqual(['GET /social/friends']));
    expect(englishText(notifications[0]!.message)).toBe('? pinged you');
  });

  it('nothing happens once the customer is gone, and clear() forgets them', async () => {
    const { service, store, calls, notifications, signOut } = build();
    await service.open();
    signOut();
    service.clear();
    service.onFriendEvent('friendRequestReceived', { username: 'sara' });
    expect(store.getState()).toMatchObject({ status: 'off', friends: [], friendCode: null });
    expect(notifications).toEqual([]);
    expect(calls.filter((c) => c.key === 'GET /social/friends/requests')).toHaveLength(1);
  });
});
