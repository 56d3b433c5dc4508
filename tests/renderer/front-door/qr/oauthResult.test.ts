/** SPEC §4 QR modal polling (every 1 s, max 120) and result handling. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { handleOAuthResult, type OAuthUserData } from '../../../../src/renderer/front-door/qr/oauthResult.js';
import { loginResponse, STATION } from '../../support/fakes.js';
beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('OAuth result handling', () => {
  const data = (over: Partial<OAuthUserData>): OAuthUserData => ({
    provider: 'google',
    email: 'mina@example.com',
    username: 'mina',
    name: null,
    steamId: null,
    loginData: null,
    ...over,
  });

  it('Steam with login data logs in directly; a missing provider or email is refused', async () => {
    const complete = vi.fn();
    const checkEmail = vi.fn();
    const response = loginResponse();
    expect(await handleOAuthResult(data({ provider: 'steam', email: null, loginData: response }), { station: STATION, checkEmail, complete })).toEqual({ kind: 'logged-in' });
    expect(complete).toHaveBeenCalledWith(response, STATION);
    expect(checkEmail).not.toHaveBeenCalled();
    const noProvider = await handleOAuthResult(data({ provider: '' }), { station: STATION, checkEmail, complete });
    expect(noProvider).toEqual({ kind: 'error', message: { key: 'validation.oauthMissingProvider' } });
    const noEmail = await handleOAuthResult(data({ email: null }), { station: STATION, checkEmail, complete });
    expect(noEmail).toEqual({ kind: 'error', message: { key: 'validation.oauthMissingEmail' } });
    const noMac = await handleOAuthResult(data({}), { station: { ...STATION, macAddress: '' }, checkEmail, complete });
    expect(noMac).toEqual({ kind: 'error', message: { key: 'validation.oauthMissingMac' } });
  });

  it('an existing email logs in; a new one opens the sign-up face pre-filled', async () => {
    const complete = vi.fn();
    const response = loginResponse();
    const known = await handleOAuthResult(data({}), {
      station: STATION,
      checkEmail: () => Promise.resolve({ emailExists: true, loginData: response, userData: null }),
      complete,
    });
    expect(known).toEqual({ kind: 'logged-in' });
    const fresh = await handleOAuthResult(data({ provider: 'discord' }), {
      station: STATION,
      checkEmail: () =>
        Promise.resolve({
          emailExists: false,
          loginData: null,
          userData: { email: 'mina@example.com', suggestedUsername: 'mina.s', name: null, provider: 'discord' },
        }),
      complete,
    });
    expect(fresh).toEqual({ kind: 'sign-up', email: 'mina@example.com', username: 'mina.s', provider: 'Discord' });
    const failed = await handleOAuthResult(data({}), { station: STATION, checkEmail: () => Promise.reject(new Error('x')), complete });
    expect(failed).toEqual({ kind: 'error', message: { key: 'error.oauth.check' } });
  });
});
