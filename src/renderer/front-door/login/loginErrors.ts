/**
 * SPEC §8 login errors: the server's message is shown if it sent one; else
 * 401 'Invalid username or password.'; 400 'Login failed: …'; any other
 * failure 'Network or server error: …'; and the default text when nothing
 * more is known.
 */
import { ApiError } from '../../core/api/apiError.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';
import { en } from '../../../shared/i18n/en.js';

export function loginErrorMessage(error: unknown): UiMessage {
  if (!(error instanceof ApiError)) return { key: 'error.login.default' };
  // A disabled account (issue 15): the server's own words, in the station's language.
  if (error.serverMessage === en['error.login.disabled']) return { key: 'error.login.disabled' };
  if (error.serverMessage) return { text: error.serverMessage };
  if (error.status === 401) return { key: 'error.login.invalid' };
  if (error.status === 400) {
    return { key: 'error.login.badRequest', values: { message: error.statusText || error.message } };
  }
  if (!error.message) return { key: 'error.login.default' };
  return { key: 'error.login.network', values: { message: error.message } };
}
