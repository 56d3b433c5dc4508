/**
 * The front door's plain requests (SPEC §7 auth): forgotten password,
 * username availability, registration and its phone verification. The
 * screens call these; they never hold the HTTP client.
 */
import { checkUsername, forgotPassword, phoneStart, register, verifyPhoneRegistration } from '../../shared/api/auth.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { RegisterBody } from './sign-up/signUp.js';

export class FrontDoorRequests {
  constructor(private readonly api: Pick<ApiClient, 'call'>) {}

  /** POST /auth/client/forgot-password. */
  async forgotPassword(email: string): Promise<void> {
    await this.api.call(forgotPassword, { body: { email } });
  }

  /** GET /auth/client/check-username. */
  checkUsername(username: string): Promise<{ available: boolean }> {
    return this.api.call(checkUsername, { query: { username } });
  }

  /** POST /auth/client/register. */
  register(body: RegisterBody) {
    return this.api.call(register, { body });
  }

  /** POST /auth/client/verify-phone; the answer is checked with isVerified. */
  verifyPhone(phone: string, code: string, registrationKey: string): Promise<unknown> {
    return this.api.call(verifyPhoneRegistration, { body: { phone, code, registrationKey } });
  }

  /** POST /auth/phone/start: send the code again. */
  resendPhoneCode(phone: string): Promise<unknown> {
    return this.api.call(phoneStart, { body: { phone } });
  }
}
