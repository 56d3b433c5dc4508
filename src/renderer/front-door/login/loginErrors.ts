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
  // Not a failed call: something broke on the station itself (an exception), else nothing is known.
  if (!(error instanceof ApiError)) return error instanceof Error ? { key: 'error.unexpected' } : { key: 'error.login.default' };
  // A disabled account (issue 15): the server's own words, in the station's language.
  if (error.serverMessage === en['error.login.disabled']) return { key: 'error.login.disabled' };
  if (error.serverMessage) return { text: error.serverMessage };
  if (error.status === 401) return { key: 'error.login.invalid' };
  // A 2xx that refused the login (`success: false`) with no words of its own, or an answer with no usable login.
  if ((error.status !== undefined && error.status < 300) || error.kind === 'invalid-response') return { key: 'error.login.screen' };
  if (error.status === 400) {
    return { key: 'error.login.badRequest', values: { message: error.statusText || error.message } };
  }
  if (!error.message) return { key: 'error.login.default' };
  return { key: 'error.login.network', values: { message: error.message } };
}
