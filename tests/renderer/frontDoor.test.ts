/** The front door's rules outside React: prepaid before login, sign-up outcomes, the login gates. */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/renderer/core/api/apiError.js';
import { FrontDoorService, hasToppedUp } from '../../src/renderer/front-door/frontDoorService.js';
import { useGateStore } from '../../src/renderer/front-door/gates/gateStore.js';
import { submitSignUp } from '../../src/renderer/front-door/sign-up/signUp.js';
import { registerErrorMessage } from '../../src/renderer/front-door/authErrors.js';
import { englishText } from '../../src/renderer/core/i18n/uiMessage.js';
import { submitLogin } from '../../src/renderer/front-door/login/submitLogin.js';
import { loginResponse, STATION } from './support/fakes.js';

describe('login with a prepaid card code (SPEC §5)', () => {
  it('redeems the trimmed, upper-cased code for the username first, then logs in', async () => {
    const calls: string[] = [];
    const onRedeemed = vi.fn();
    const failure = await submitLogin(
      { username: ' ali ', password: 'p', prepaidCode: ' rc-demo-5000-0001 ' },
      {
        station: STATION,
        redeem: (code, username) => (calls.push(`redeem ${code} ${username}`), Promise.resolve(5000)),
        login: (username) => (calls.push(`login ${username}`), Promise.resolve()),
        onRedeemed,
      },
    );
    expect(failure).toBeNull();
    expect(calls).toEqual(['redeem RC-DEMO-5000-0001 ali', 'login ali']);
    expect(englishText(onRedeemed.mock.calls[0]![0])).toBe('Card redeemed! Added 5000 IQD to your account.');
  });

  it('aborts the login when redemption fails, with the server message', async () => {
    const login = vi.fn(() => Promise.resolve());
    const failure = await submitLogin(
      { username: 'ali', password: 'p', prepaidCode: 'RC-X' },
      {
        station: STATION,
        redeem: () => Promise.reject(new ApiError('Request failed', 'http', 400, 'Bad Request', 'Invalid card')),
        login,
      },
    );
    expect(englishText(failure!)).toBe('Card redemption failed: Invalid card');
    expect(login).not.toHaveBeenCalled();
  });

  it('needs the device MAC address', async () => {
    const failure = await submitLogin({ username: 'ali', password: 'p' }, { station: { ...STATION, macAddress: '' }, login: vi.fn() });
    expect(englishText(failure!)).toBe('Cannot login: Device MAC address is missing. Ensure initial setup is complete.');
  });
});

describe('sign-up (SPEC §4 Registration, §5)', () => {
  const form = { username: 'layla', password: 'secret1', email: '', phone: '0770 123', dialCode: '964' };

  it('sends the full phone and asks for verification when the server wants it', async () => {
    const register = vi.fn(() => Promise.resolve({ success: true, requiresPhoneVerification: true, registrationKey: 'k' }));
    const outcome = await submitSignUp(form, { station: STATION, register });
    expect(register).toHaveBeenCalledWith({
      username: 'layla',
      password: 'secret1',
      email: null,
      phoneNumber: '+964770123',
      macAddress: STATION.macAddress,
    });
    expect(outcome).toEqual({ kind: 'verify-phone', phone: '+964770123', registrationKey: 'k' });
  });

  it('maps register errors: 409, 400 prefixed, "already" as is, default', () => {
    expect(englishText(registerErrorMessage(new ApiError('x', 'http', 409)))).toBe('Username, email, or phone number already exists.');
    expect(englishText(registerErrorMessage(new ApiError('x', 'http', 400, '', 'bad phone')))).toBe('Registration failed: bad phone');
    expect(englishText(registerErrorMessage(new ApiError('x', 'http', 400, '', 'Email already used')))).toBe('Email already used');
    expect(englishText(registerErrorMessage(new Error('boom')))).toBe('Registration failed. Please try again.');
  });
});

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
