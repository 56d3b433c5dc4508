/** The front door's rules outside React: prepaid before login, sign-up outcomes, the login gates. */
import { describe, expect, it, vi } from 'vitest';
import { FrontDoorService, hasToppedUp } from '../../../src/renderer/front-door/frontDoorService.js';
import { useGateStore } from '../../../src/renderer/front-door/gates/gateStore.js';
import { loginResponse, STATION } from '../support/fakes.js';

describe('login gates (SPEC §4 Login outcomes)', () => {
  function setup(user: Parameters<typeof loginResponse>[0], profile?: Parameters<typeof loginResponse>[0]) {
    useGateStore.setState({ held: null });
    const startFromLogin = vi.fn();
    const report = vi.fn();
    const setToken = vi.fn();
    const call = vi.fn((route: { path: string }) => {
      if (route.path === '/auth/client/login') return Promise.resolve(loginResponse(user));
      if (route.path === '/profile') return Promise.resolve(loginResponse(profile).user);
      return Promise.reject(new Error(`unexpected ${route.path}`));
    });
    const door = new FrontDoorService({
      api: { call, setToken } as never,
      session: { startFromLogin },
      status: { report },
    });
    return { door, startFromLogin, report, setToken };
  }

  it('a plain login starts the session at once', async () => {
    const { door, startFromLogin } = setup({});
    await door.passwordLogin('ali', 'p', STATION);
    expect(startFromLogin).toHaveBeenCalledOnce();
    expect(useGateStore.getState().held).toBeNull();
  });

  it('requirePasswordReset holds the login behind the password change first', async () => {
    const { door, startFromLogin, setToken } = setup({ requirePasswordReset: true, requireBalanceTopUp: true });
    await door.passwordLogin('reset_me', 'p', STATION);
    expect(useGateStore.getState().held?.kind).toBe('password-change');
    expect(setToken).toHaveBeenCalled();
    expect(startFromLogin).not.toHaveBeenCalled();
  });

  it('the forced change answered with a bare 2xx (the SPEC shows no answer) lets the customer in', async () => {
    useGateStore.setState({ held: null });
    const startFromLogin = vi.fn();
    const call = vi.fn((route: { path: string; method: string }) => {
      if (route.path === '/auth/client/login') return Promise.resolve(loginResponse({ requirePasswordReset: true }));
      if (route.method === 'PUT') return Promise.resolve({});
      return Promise.resolve(loginResponse({ requirePasswordReset: false }).user);
    });
    const door = new FrontDoorService({ api: { call, setToken: vi.fn() } as never, session: { startFromLogin }, status: { report: vi.fn() } });
    await door.passwordLogin('reset_me', 'old', STATION);
    await door.changePassword('old', 'new-secret');
    expect(startFromLogin).toHaveBeenCalledOnce();
    expect(useGateStore.getState().held).toBeNull();
  });

  it('top-up: polls until balance + protected ≥ 100 and the flag is cleared', async () => {
    const low = setup({ requireBalanceTopUp: true, balance: 0 }, { requireBalanceTopUp: true, balance: 50, protectedBalance: 49 });
    await low.door.passwordLogin('topup', 'p', STATION);
    expect(useGateStore.getState().held?.kind).toBe('top-up');
    expect(await low.door.pollTopUp()).toBe(false);

    const ok = setup({ requireBalanceTopUp: true, balance: 0 }, { requireBalanceTopUp: false, balance: 50, protectedBalance: 50 });
    await ok.door.passwordLogin('topup', 'p', STATION);
    expect(await ok.door.pollTopUp()).toBe(true);
    expect(ok.startFromLogin).toHaveBeenCalledOnce();
    expect(hasToppedUp({ balance: 100, protectedBalance: 0, requireBalanceTopUp: true })).toBe(false);
  });

  it('abandoning a gate drops the token and reports the station available', async () => {
    const { door, report, setToken } = setup({ requirePasswordReset: true });
    await door.passwordLogin('reset_me', 'p', STATION);
    door.abandon();
    expect(useGateStore.getState().held).toBeNull();
    expect(setToken).toHaveBeenLastCalledWith(null);
    expect(report).toHaveBeenCalledWith('available');
  });

  it("claims the server's sessionStarted while a login is in flight or held", async () => {
    const { door } = setup({ requirePasswordReset: true });
    const pending = door.passwordLogin('reset_me', 'p', STATION);
    expect(door.claims({ sessionId: 'any', isGuest: false })).toBe(true);
    expect(door.claims({ sessionId: 'any', isGuest: true })).toBe(false);
    await pending;
    const held = useGateStore.getState().held!;
    expect(door.claims({ sessionId: held.response.sessionId, isGuest: false })).toBe(true);
    expect(door.claims({ sessionId: 'other', isGuest: false })).toBe(false);
  });
});
