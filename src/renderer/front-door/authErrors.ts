/** SPEC §8 messages for the front door's calls (login errors live in login/loginErrors.ts). */
import { ApiError } from '../core/api/apiError.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';

/** Register: 409 conflict; 400 prefixed; a message with 'already' as is; else the default. */
export function registerErrorMessage(error: unknown): UiMessage {
  if (!(error instanceof ApiError)) return { key: 'error.register.default' };
  if (error.serverMessage?.toLowerCase().includes('already')) return { text: error.serverMessage };
  if (error.status === 409) return { key: 'error.register.conflict' };
  if (error.status === 400) {
    return { key: 'error.register.badRequest', values: { message: error.serverMessage ?? error.message } };
  }
  return { key: 'error.register.default' };
}

/**
 * NFC login by status: 401, 403; a server that answered 2xx but refused the
 * card (`success: false`) or sent no usable login: 'Unable to authenticate
 * with this NFC card' (its own words when it gave some); a login the station
 * itself could not carry out (no MAC address yet, a session that would not
 * start): 'NFC login failed'; anything else (no answer, a 5xx) the default.
 */
export function nfcErrorMessage(error: unknown): UiMessage {
  if (!(error instanceof ApiError)) return { key: 'error.nfc.failed' };
  if (error.status === 401) return { key: 'error.nfc.notFound' };
  if (error.status === 403) return { key: 'error.nfc.forbidden' };
  if (error.status !== undefined && error.status < 300) {
    return error.serverMessage ? { text: error.serverMessage } : { key: 'error.nfc.unable' };
  }
  if (error.kind === 'invalid-response') return { key: 'error.nfc.unable' };
  return { key: 'error.nfc.default' };
}

/**
 * The phone code check (sign-up and profile): the server answered with a
 * refusal ('Phone verification failed. Please try again.', or its own words),
 * or the request never got an answer ('Verification failed. Please try again.').
 * A `verified` that is not exactly true is 'Invalid code…' (the modal).
 */
export function phoneVerifyErrorMessage(error: unknown): UiMessage {
  if (error instanceof ApiError && error.status !== undefined) {
    return error.serverMessage ? { text: error.serverMessage } : { key: 'error.phone.failed' };
  }
  return { key: 'error.phone.verification' };
}

/** QR session creation (POST …/qr-session) failed: 'Cannot create OAuth session: {reason}'. */
export function oauthSessionErrorMessage(error: unknown): UiMessage {
  const message =
    error instanceof ApiError ? (error.serverMessage ?? error.describe()) : error instanceof Error ? error.message : String(error);
  return { key: 'error.oauth.session', values: { message } };
}

/** Card redemption before login: the server's message, else the request's. */
export function redemptionFailure(error: unknown): UiMessage {
  const message =
    error instanceof ApiError ? (error.serverMessage ?? error.message) : error instanceof Error ? error.message : '';
  return { key: 'prepaid.redeemFailed', values: { message } };
}
