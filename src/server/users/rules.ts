/** The account fields' rules, on every write (sign-up in auth/, PUT /profile here): the SPEC's texts. */
import { isValidUsernameFormat } from '../../shared/validation/auth.js';
import { badRequest } from '../base/errors.js';

export const ALREADY_EXISTS = 'Username, email, or phone number already exists.';
export const PHONE_FORMAT = /^\+\d{6,15}$/;
export const USERNAME_RULE = 'Username can only contain letters, numbers, and optionally one dot (not at start or end)';
export const GUEST_RESERVED = 'Usernames starting with guest_ are reserved for guest sessions.';

/** The SPEC's username rule; guest_ stays reserved for guest sessions. */
export function checkNewUsername(username: string): void {
  if (/^guest_/i.test(username)) throw badRequest(GUEST_RESERVED);
  if (!isValidUsernameFormat(username)) throw badRequest(USERNAME_RULE);
  if (username.length < 3 || username.length > 32) throw badRequest('Username must be 3 to 32 characters long.');
}
