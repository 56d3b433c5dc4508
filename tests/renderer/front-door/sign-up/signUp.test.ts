/** The front door's rules outside React: prepaid before login, sign-up outcomes, the login gates. */
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/renderer/core/api/apiError.js';
import { submitSignUp } from '../../../../src/renderer/front-door/sign-up/signUp.js';
import { registerErrorMessage } from '../../../../src/renderer/front-door/authErrors.js';
import { englishText } from '../../../../src/renderer/core/i18n/uiMessage.js';
import { STATION } from '../../support/fakes.js';

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
