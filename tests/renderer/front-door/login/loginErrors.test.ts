import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/renderer/core/api/apiError.js';
import { englishText } from '../../../../src/renderer/core/i18n/uiMessage.js';
import { loginErrorMessage } from '../../../../src/renderer/front-door/login/loginErrors.js';
import { submitLogin } from '../../../../src/renderer/front-door/login/submitLogin.js';
import { STATION } from '../../support/fakes.js';

const text = (error: unknown) => englishText(loginErrorMessage(error));

describe('login error mapping (SPEC §8)', () => {
  it("shows the server's message when it sent one (the server sends it on 401)", () => {
    const error = new ApiError('Request failed with status code 401', 'http', 401, 'Unauthorized', 'Invalid username or password.');
    expect(text(error)).toBe('Invalid username or password.');
    const custom = new ApiError('x', 'http', 403, 'Forbidden', 'Account suspended');
    expect(text(custom)).toBe('Account suspended');
  });

  it('a disabled account (the desk turned it off): the server\'s words, from the catalog so Arabic has them too', () => {
    const error = new ApiError('x', 'http', 403, 'Forbidden', 'This account is disabled. Please see the front desk.');
    expect(loginErrorMessage(error)).toEqual({ key: 'error.login.disabled' });
    expect(text(error)).toBe('This account is disabled. Please see the front desk.');
  });

  it("401 without a message: 'Invalid username or password.'", () => {
    expect(text(new ApiError('Request failed with status code 401', 'http', 401, 'Unauthorized'))).toBe(
      'Invalid username or password.',
    );
  });

  it("400 without a message: 'Login failed: …'", () => {
    expect(text(new ApiError('Request failed with status code 400', 'http', 400, 'Bad Request'))).toBe(
      'Login failed: Bad Request',
    );
  });

  it("network or other errors: 'Network or server error: …'", () => {
    expect(text(new ApiError('Network Error', 'network'))).toBe('Network or server error: Network Error');
    expect(text(new ApiError('timeout of 10000ms exceeded', 'timeout'))).toBe(
      'Network or server error: timeout of 10000ms exceeded',
    );
    expect(text(new ApiError('Request failed with status code 502', 'http', 502, 'Bad Gateway'))).toBe(
      'Network or server error: Request failed with status code 502',
    );
  });

  it("an exception on the station: 'An unexpected error occurred. Please try again.'", () => {
    expect(text(new TypeError('undefined is not a function'))).toBe('An unexpected error occurred. Please try again.');
  });

  it("a 2xx that refused the login with no words, or an answer with no usable login: 'Login failed. Please check your credentials.'", () => {
    expect(text(new ApiError('Request refused', 'http', 200, 'OK'))).toBe('Login failed. Please check your credentials.');
    expect(text(new ApiError('Invalid response from server', 'invalid-response'))).toBe('Login failed. Please check your credentials.');
    expect(text(new ApiError('Request refused', 'http', 200, 'OK', 'Station is closed'))).toBe('Station is closed');
  });

  it("anything else: 'Login failed. Please check credentials or network.'", () => {
    expect(text(undefined)).toBe('Login failed. Please check credentials or network.');
    expect(text(new ApiError('', 'network'))).toBe('Login failed. Please check credentials or network.');
  });
});

describe('login submit (SPEC §5)', () => {
  it('validates the username, then the password, before calling the server', async () => {
    const login = vi.fn(() => Promise.resolve());
    const run = (username: string, password: string) => submitLogin({ username, password }, { station: STATION, login });
    expect(englishText((await run('  ', 'x'))!)).toBe('Username is required');
    expect(englishText((await run('ali', ''))!)).toBe('Password is required');
    expect(login).not.toHaveBeenCalled();
    expect(await run(' ali ', 'secret')).toBeNull();
    expect(login).toHaveBeenCalledWith('ali', 'secret', STATION);
  });

  it('refuses without a device MAC address', async () => {
    const login = vi.fn(() => Promise.resolve());
    const failure = await submitLogin({ username: 'ali', password: 'x' }, { station: null, login });
    expect(englishText(failure!)).toBe(
      'Cannot login: Device MAC address is missing. Ensure initial setup is complete.',
    );
    expect(login).not.toHaveBeenCalled();
  });

  it('maps a failed login', async () => {
    const login = () => Promise.reject(new ApiError('x', 'http', 401, 'Unauthorized'));
    const failure = await submitLogin({ username: 'ali', password: 'x' }, { station: STATION, login });
    expect(englishText(failure!)).toBe('Invalid username or password.');
  });
});
