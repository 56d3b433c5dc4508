/**
 * SPEC §2 open web pages' requests: the password reset and the email
 * verification from the links in emails, with what to show for each answer.
 */
import { resetPassword, verifyEmail } from '../../shared/api/auth.js';
import { ApiError } from '../core/api/apiError.js';
import type { ApiClient } from '../core/api/httpClient.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';

export class WebPagesService {
  constructor(private readonly api: Pick<ApiClient, 'call'>) {}

  /** POST /auth/client/reset-password; null when done, else the message to show. */
  async resetPassword(token: string, newPassword: string): Promise<UiMessage | null> {
    try {
      await this.api.call(resetPassword, { body: { token, newPassword } });
      return null;
    } catch (err) {
      if (err instanceof ApiError && err.status !== undefined && err.status < 500) {
        return err.serverMessage ? { text: err.serverMessage } : { key: 'error.reset.failed' };
      }
      return { key: 'error.reset.generic' };
    }
  }

  /** GET /auth/email-verification/verify; null when verified, else the message to show. */
  async verifyEmail(token: string): Promise<UiMessage | null> {
    try {
      const answer = await this.api.call(verifyEmail, { query: { token } });
      return answer.success ? null : { key: 'error.verifyEmail.failed' };
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return { key: 'error.verifyEmail.invalid' };
      if (error instanceof ApiError && error.status !== undefined) return { key: 'error.verifyEmail.failed' };
      return { key: 'error.verifyEmail.generic' };
    }
  }
}
