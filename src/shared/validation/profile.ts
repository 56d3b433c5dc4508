/** SPEC §5 — profile save. */
import { fail, type RuleError } from './result.js';

export interface ProfileFields {
  username: string;
  email: string;
  phoneNumber: string;
  displayName: string;
}

export type ProfileChanges = Partial<{
  username: string;
  email: string | null;
  phoneNumber: string | null;
  displayName: string | null;
}>;

/**
 * Only changed fields are sent; empty email, phone and display name are sent
 * as null. Returns the changes, whether the phone changed to a non-empty
 * value (a code must be sent first), or the rule that failed.
 */
export function profileChanges(
  original: ProfileFields,
  edited: ProfileFields,
): { ok: true; changes: ProfileChanges; phoneNeedsCode: boolean } | { ok: false; error: RuleError } {
  if (!edited.email.trim() && !edited.phoneNumber.trim()) {
    return { ok: false, error: fail('validation.emailOrPhoneProfile') };
  }
  const changes: ProfileChanges = {};
  if (edited.username.trim() !== original.username) changes.username = edited.username.trim();
  for (const field of ['email', 'phoneNumber', 'displayName'] as const) {
    const value = edited[field].trim();
    if (value !== original[field]) changes[field] = value === '' ? null : value;
  }
  if (Object.keys(changes).length === 0) return { ok: false, error: fail('validation.noChanges') };
  const phoneNeedsCode = typeof changes.phoneNumber === 'string';
  return { ok: true, changes, phoneNeedsCode };
}
