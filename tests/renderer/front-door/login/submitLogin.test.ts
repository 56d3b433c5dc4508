/** The front door's rules outside React: prepaid before login, sign-up outcomes, the login gates. */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/renderer/core/api/apiError.js';
import { englishText } from '../../../../src/renderer/core/i18n/uiMessage.js';
import { submitLogin } from '../../../../src/renderer/front-door/login/submitLogin.js';
import { STATION } from '../../support/fakes.js';

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
