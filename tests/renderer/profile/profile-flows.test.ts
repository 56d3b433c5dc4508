/**
 * The profile's rules and flows (issue 13), timers faked: the profile load's
 * 3 retries 1 s apart on session/token errors, the redeem panel (format,
 * required code, collapse 2 s after success), NFC linking (the same card
 * twice within 10 s), the Steam popup (blocked, origin checked, the answer
 * forwarded), the level fallback, and edit saves (only changes, phone first).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { create } from 'zustand';
import type { Route } from '../../../src/shared/api/route.js';
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
import { levelView } from '../../../src/renderer/profile/levelView.js';
import { NfcCards } from '../../../src/renderer/profile/nfcCards.js';
import { PrepaidRedeem } from '../../../src/renderer/profile/prepaidRedeem.js';
import { ProfileService } from '../../../src/renderer/profile/profileService.js';
import { INITIAL_PROFILE_STATE, type ProfileState } from '../../../src/renderer/profile/profileStore.js';
import { SteamLink } from '../../../src/renderer/profile/steamLink.js';
import { readSteamCallback, STEAM_MESSAGE_TYPE, steamLoginUrl, steamMessageOf } from '../../../src/renderer/profile/steamOpenId.js';
import { FakeBridge } from '../support/fakes.js';

type Call = (route: Route, options?: { body?: unknown; params?: unknown; query?: unknown }) => Promise<unknown>;
const newStore = () => create<ProfileState>()(() => structuredClone(INITIAL_PROFILE_STATE));
const notifier = () => ({ success: vi.fn(), error: vi.fn() });
const httpError = (status: number, serverMessage?: string) => new ApiError('Request failed', 'http', status, '', serverMessage);

const USER = {
  id: 'usr_1', username: 'ali', email: 'ali@example.com', phoneNumber: '+9647701234567', displayName: 'Ali', avatarUrl: null,
  type: 'regular', isGuest: false, sessionId: 's1', stationId: 'st-01', stationNumber: 1, xp: 4200, level: 3, tier: null,
  createdAt: '2026-01-01T00:00:00.000Z', totalPlaytimeMinutes: 0, balance: 1000, protectedBalance: 0, protectedBalanceMinutes: 0,
  lastLoginAt: null, steamId: null, claimedRewards: [], requirePasswordReset: false, requireBalanceTopUp: false,
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('profile load', () => {
  it('retries GET /profile up to 3 times, 1 s apart, when the error mentions session or token, then shows the SPEC text', async () => {
    const store = newStore();
    const call = vi.fn<Call>(async (route) => {
      if (route.path === '/profile') throw httpError(401, 'Invalid or expired token: sign in again.');
      return [];
    });
    const service = new ProfileService({ api: { call } as never, notify: notifier(), userId: () => 'usr_1', store });
    const loading = service.load();
    const profileCalls = () => call.mock.calls.filter(([route]) => route.path === '/profile').length;
    await vi.advanceTimersByTimeAsync(0);
    expect(profileCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(profileCalls()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(profileCalls()).toBe(2);
    await vi.advanceTimersByTimeAsync(2000);
    await loading;
    expect(profileCalls()).toBe(4);
    expect(store.getState()).toMatchObject({ status: 'error', error: { key: 'error.profile.load' } });
  });

  it('does not retry other errors, and asks for 15 history items', async () => {
    const store = newStore();
    const call = vi.fn<Call>(async (route) => {
      if (route.path === '/profile') throw httpError(500, 'boom');
      return [];
    });
    await new ProfileService({ api: { call } as never, notify: notifier(), userId: () => 'usr_1', store }).load();
    expect(call.mock.calls.filter(([route]) => route.path === '/profile')).toHaveLength(1);
    const history = call.mock.calls.find(([route]) => route.path.includes('/history'));
    expect(history?.[1]).toMatchObject({ params: { userId: 'usr_1' }, query: { limit: 15 } });
  });

  it('history failures read the SPEC texts: load, then refresh', async () => {
    const store = newStore();
    const call = vi.fn<Call>(async (route) => {
      if (route.path.includes('/history')) throw httpError(500);
      return route.path === '/profile' ? USER : [];
    });
    const service = new ProfileService({ api: { call } as never, notify: notifier(), userId: () => 'usr_1', store });
    await service.load('load');
    expect(store.getState().historyError).toEqual({ key: 'error.history.load' });
    await service.load('refresh');
    expect(store.getState().historyError).toEqual({ key: 'error.history.refresh' });
  });
});

describe('profile save', () => {
  const original = { username: 'ali', email: 'ali@example.com', phoneNumber: '+9647701234567', displayName: 'Ali' };

  it('sends only the changed fields, empty ones as null', async () => {
    const call = vi.fn<Call>(async () => USER);
    const notify = notifier();
    const service = new ProfileService({ api: { call } as never, notify, userId: () => 'usr_1', store: newStore() });
    expect(await service.save(original, { ...original, displayName: '' })).toEqual({ outcome: 'saved' });
    expect(call.mock.calls[0]?.[1]).toMatchObject({ body: { displayName: null } });
    expect(notify.success).toHaveBeenCalledWith('profile.updated');
  });

  it('a PUT /profile answered with no user (the SPEC shows none) still saves, and the profile is read again', async () => {
    const call = vi.fn<Call>(async (route) => (route.method === 'PUT' ? {} : { ...USER, displayName: 'New' }));
    const notify = notifier();
    const store = newStore();
    const service = new ProfileService({ api: { call } as never, notify, userId: () => 'usr_1', store });
    expect(await service.save(original, { ...original, displayName: 'New' })).toEqual({ outcome: 'saved' });
    expect(call.mock.calls.map(([route]) => `${route.method} ${route.path}`)).toEqual(['PUT /profile', 'GET /profile']);
    expect(store.getState().user?.displayName).toBe('New');
    expect(notify.success).toHaveBeenCalledWith('profile.updated');
  });

  it('No changes to save; Either email or phone number must be provided.', async () => {
    const service = new ProfileService({ api: { call: vi.fn() } as never, notify: notifier(), userId: () => 'usr_1', store: newStore() });
    expect(await service.save(original, original)).toMatchObject({ outcome: 'invalid', error: { key: 'validation.noChanges' } });
    expect(await service.save(original, { ...original, email: '', phoneNumber: '' })).toMatchObject({
      outcome: 'invalid',
      error: { key: 'validation.emailOrPhoneProfile' },
    });
  });

  it('a changed phone sends a code first and saves nothing until verified', async () => {
    const call = vi.fn<Call>(async () => ({ success: true }));
    const notify = notifier();
    const service = new ProfileService({ api: { call } as never, notify, userId: () => 'usr_1', store: newStore() });
    const outcome = await service.save(original, { ...original, phoneNumber: '+9647709999999' });
    expect(outcome).toEqual({ outcome: 'verify-phone', phone: '+9647709999999', changes: { phoneNumber: '+9647709999999' } });
    expect(call.mock.calls.map(([route]) => route.path)).toEqual(['/auth/phone/start']);
    expect(notify.success).toHaveBeenCalledWith('profile.codeSent');
  });
});

describe('prepaid redeem panel', () => {
  it('formats as typed, requires a code, and collapses 2 s after a success', async () => {
    const store = newStore();
    const call = vi.fn<Call>(async () => ({ success: true, message: 'Added 5000 IQD', balanceAdded: 5000 }));
    const onRedeemed = vi.fn();
    const redeem = new PrepaidRedeem({ api: { call } as never, onRedeemed, store });
    redeem.toggle();
    await redeem.submit();
    expect(store.getState().redeem.error).toMatchObject({ key: 'validation.prepaidRequired' });
    redeem.type('rcdemo50000001x');
    expect(store.getState().redeem.code).toBe('RC-DEMO-5000-0001');
    await redeem.submit();
    expect(call.mock.calls[0]?.[1]).toEqual({ body: { code: 'RC-DEMO-5000-0001' } });
    expect(store.getState().redeem).toMatchObject({ expanded: true, added: 5000, code: '' });
    expect(onRedeemed).toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1999);
    expect(store.getState().redeem.expanded).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(store.getState().redeem).toMatchObject({ expanded: false, added: null });
  });

  it('shows the server message of a refusal, else the SPEC text', async () => {
    const store = newStore();
    let fail: unknown = httpError(400, 'Invalid or already redeemed card code');
    const redeem = new PrepaidRedeem({ api: { call: vi.fn(async () => Promise.reject(fail)) } as never, onRedeemed: vi.fn(), store });
    redeem.type('RC-AAAA-BBBB-CCCC');
    await redeem.submit();
    expect(store.getState().redeem.error).toEqual({ text: 'Invalid or already redeemed card code' });
    fail = new ApiError('Network Error', 'network');
    await redeem.submit();
    expect(store.getState().redeem.error).toEqual({ key: 'error.prepaid.redeem' });
  });
});

describe('NFC card linking', () => {
  function setup(call: Call = async () => ({})) {
    const store = newStore();
    const bridge = new FakeBridge();
    const api = { call: vi.fn<Call>(call) };
    const reload = vi.fn(async () => undefined);
    const nfc = new NfcCards({ api: api as never, bridge, notify: notifier(), userId: () => 'usr_1', reload, store });
    return { store, bridge, api, reload, nfc };
  }
  const tap = (bridge: FakeBridge, ID: string) => bridge.receive({ command: 'NFC_LOGIN', ID });

  it('links the same card tapped twice within 10 s, with the nickname; the reader is on only while open', async () => {
    const { store, bridge, api, reload, nfc } = setup();
    nfc.open();
    expect(bridge.commands()).toEqual(['NFC_ENABLE']);
    nfc.setNickname('Blue fob');
    tap(bridge, '04:a1:b2:c3');
    expect(store.getState().nfcLink?.phase).toBe('confirm');
    await vi.advanceTimersByTimeAsync(9_999);
    tap(bridge, '04A1B2C3');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.call.mock.calls[0]?.[1]).toEqual({ body: { cardUid: '04A1B2C3', nickname: 'Blue fob' } });
    expect(reload).toHaveBeenCalled();
    expect(store.getState().nfcLink).toBeNull();
    expect(bridge.commands()).toEqual(['NFC_ENABLE', 'NFC_DISABLE']);
  });

  it('a second tap after 10 s, or another card, does not link', async () => {
    const { store, bridge, api, nfc } = setup();
    nfc.open();
    tap(bridge, '04A1B2C3');
    await vi.advanceTimersByTimeAsync(10_000);
    expect(store.getState().nfcLink).toMatchObject({ phase: 'first', error: { key: 'nfcCards.timeout' } });
    tap(bridge, '04A1B2C3');
    tap(bridge, '04FFFFFF');
    expect(store.getState().nfcLink?.phase).toBe('confirm');
    expect(api.call).not.toHaveBeenCalled();
    nfc.close();
  });

  it('a refused link shows the server message and starts over', async () => {
    const { store, bridge, nfc } = setup(async () => Promise.reject(httpError(409, 'This NFC card is already linked to an account.')));
    nfc.open();
    tap(bridge, '04A1B2C3');
    tap(bridge, '04A1B2C3');
    await vi.advanceTimersByTimeAsync(0);
    expect(store.getState().nfcLink).toMatchObject({ phase: 'first', error: { text: 'This NFC card is already linked to an account.' } });
    nfc.close();
  });
});

describe('Steam link', () => {
  const ORIGIN = 'http://127.0.0.1:5173';
  const identity = 'https://steamcommunity.com/openid/id/76561198000000042';
  const answer = `?openid.ns=x&openid.mode=id_res&openid.identity=${encodeURIComponent(identity)}&openid.claimed_id=${encodeURIComponent(identity)}&openid.sig=abc`;

  it('builds the OpenID request back to /steam-callback and reads the answer', () => {
    const url = new URL(steamLoginUrl('http://cafe:3000/steam-openid/login', ORIGIN));
    expect(url.searchParams.get('openid.return_to')).toBe(`${ORIGIN}/steam-callback`);
    expect(url.searchParams.get('openid.mode')).toBe('checkid_setup');
    expect(readSteamCallback(answer)).toMatchObject({ ok: true, steamId: '76561198000000042', openid: { 'openid.sig': 'abc' } });
    expect(readSteamCallback('?openid.mode=cancel')).toMatchObject({ ok: false, error: 'error.steam.invalidResponse' });
    expect(readSteamCallback(answer.replaceAll('76561198000000042', 'someone'))).toMatchObject({ ok: false, error: 'validation.invalidSteamIdentity' });
    const otherClaimed = answer.replace(/openid\.claimed_id=[^&]+/, `openid.claimed_id=${encodeURIComponent('https://steamcommunity.com/openid/id/1')}`);
    expect(readSteamCallback(otherClaimed)).toMatchObject({ ok: false, error: 'error.steam.invalidId' });
  });

  it('hears only its own origin', () => {
    const data = { type: STEAM_MESSAGE_TYPE, ok: true, steamId: '1', openid: {} };
    expect(steamMessageOf({ origin: 'http://evil.example', data }, ORIGIN)).toBeNull();
    expect(steamMessageOf({ origin: ORIGIN, data }, ORIGIN)).toEqual(data);
    expect(steamMessageOf({ origin: ORIGIN, data: { ...data, steamId: 'x' } }, ORIGIN)).toMatchObject({ ok: false, error: 'error.steam.extract' });
  });

  function fakeWindow(popup: { closed: boolean } | null) {
    const listeners = new Set<(event: MessageEvent) => void>();
    return {
      listeners,
      win: {
        location: { origin: ORIGIN },
        open: vi.fn(() => popup as Window | null),
        addEventListener: (_: string, fn: (event: MessageEvent) => void) => listeners.add(fn),
        removeEventListener: (_: string, fn: (event: MessageEvent) => void) => listeners.delete(fn),
      },
    };
  }

  it('says so when the popup is blocked', () => {
    const store = newStore();
    const { win } = fakeWindow(null);
    new SteamLink({ api: { call: vi.fn(), resolveUrl: (p: string) => `http://cafe:3000${p}` } as never, win: win as never, notify: notifier(), onChanged: vi.fn(), store }).start();
    expect(store.getState().steam.error).toEqual({ key: 'validation.popupBlocked' });
  });

  it('posts the answer to link-steam; a popup closed without one stops waiting within 1 s', async () => {
    const store = newStore();
    const popup = { closed: false };
    const { win, listeners } = fakeWindow(popup);
    const call = vi.fn<Call>(async () => ({ success: true }));
    const onChanged = vi.fn();
    const steam = new SteamLink({ api: { call, resolveUrl: (p: string) => `http://cafe:3000${p}` } as never, win: win as never, notify: notifier(), onChanged, store });
    steam.start();
    expect(store.getState().steam.busy).toBe(true);
    const message = readSteamCallback(answer);
    for (const listener of [...listeners]) listener({ origin: 'http://evil.example', data: message } as MessageEvent);
    expect(call).not.toHaveBeenCalled();
    for (const listener of [...listeners]) listener({ origin: ORIGIN, data: message } as MessageEvent);
    await vi.advanceTimersByTimeAsync(0);
    expect(call.mock.calls[0]?.[1]).toMatchObject({ body: { steamId: '76561198000000042', openid: { 'openid.mode': 'id_res' } } });
    expect(onChanged).toHaveBeenCalled();
    expect(listeners.size).toBe(0);

    steam.start();
    popup.closed = true;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(store.getState().steam).toEqual({ busy: false, error: null });
    expect(listeners.size).toBe(0);
  });
});

describe('level panel', () => {
  it('falls back to 10,000 XP for the next level', () => {
    expect(levelView({ xp: 2500, level: 1, levelProgress: null })).toMatchObject({ nextLevelXp: 10_000, currentLevelXp: 2500, percent: 25 });
    expect(levelView({ xp: 4200, level: 3, levelProgress: { currentLevelXp: 1200, nextLevelXp: 0, xpToNextLevel: 0, progress: 40 } }).nextLevelXp).toBe(10_000);
  });
});

describe('a reward claim says what the server says (issue 24)', () => {
  it("shows the server's own message; none, or the default in English, shows the default in the station's language", async () => {
    const { claimedMessage } = await import('../../../src/renderer/profile/profileService.js');
    expect(claimedMessage('Enjoy your coffee!', false)).toEqual({ text: 'Enjoy your coffee!' });
    expect(claimedMessage(undefined, false)).toBe('rewards.claimed');
    expect(claimedMessage('Reward claimed successfully!', false)).toBe('rewards.claimed');
    expect(claimedMessage('', true)).toBe('rewards.eventClaimed');
  });
});
