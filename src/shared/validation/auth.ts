/** SPEC §5 — login, sign-up, password and lock-screen rules. */
import { PASSWORD_MIN_LENGTH, PHONE_CODE_MAX_LENGTH, USERNAME_CHECK_MIN_LENGTH } from '../constants.js';
import { fail, type RuleError } from './result.js';

export function validateLogin(form: { username: string; password: string }): RuleError | null {
  if (!form.username.trim()) return fail('validation.usernameRequired');
  if (!form.password) return fail('validation.passwordRequired');
  return null;
}

/** Letters and digits only, with at most one dot in the middle (not at the start or end). */
const USERNAME_FORMAT = /^[A-Za-z0-9]+(\.[A-Za-z0-9]+)?$/;

export function isValidUsernameFormat(username: string): boolean {
  return USERNAME_FORMAT.test(username);
}

/** The availability check starts only for 3 or more characters that pass the format. */
export function shouldCheckUsername(username: string): boolean {
  return username.length >= USERNAME_CHECK_MIN_LENGTH && isValidUsernameFormat(username);
}

/** The check-username URL query, URL-encoded. */
export function usernameCheckQuery(username: string): string {
  return `username=${encodeURIComponent(username)}`;
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL_SHAPE.test(email.trim());
}

export function validateSignUp(form: {
  username: string;
  password: string;
  email: string;
  phone: string;
}): RuleError | null {
  if (!form.username.trim()) return fail('validation.usernameRequired');
  if (!isValidUsernameFormat(form.username)) return fail('validation.usernameFormat');
  if (!form.password) return fail('validation.passwordRequired');
  if (form.password.length < PASSWORD_MIN_LENGTH) return fail('validation.passwordMin');
  if (form.email.trim() && !isValidEmail(form.email)) return fail('validation.emailInvalid');
  if (!form.email.trim() && !form.phone.trim()) return fail('validation.emailOrPhone');
  return null;
}

/** Phone input: digits only, leading zeros removed. */
export function normalizePhoneDigits(input: string): string {
  return input.replace(/\D/g, '').replace(/^0+/, '');
}

/** Full phone = plus, country dial code, number. */
export function fullPhoneNumber(dialCode: string, number: string): string {
  const digits = normalizePhoneDigits(number);
  return digits ? `+${dialCode.replace(/\D/g, '')}${digits}` : '';
}

/** Phone code input: up to 6 characters. */
export function sanitizePhoneCode(input: string): string {
  return input.replace(/\s/g, '').slice(0, PHONE_CODE_MAX_LENGTH);
}

/** Verification counts only when the verified flag is exactly true. */
export function isVerified(response: unknown): boolean {
  return (
    typeof response === 'object' &&
    response !== null &&
    (response as { verified?: unknown }).verified === true
  );
}

export function validateForgotPassword(email: string): RuleError | null {
  if (!email.trim()) return fail('validation.emailRequired');
  if (!isValidEmail(email)) return fail('validation.emailInvalid');
  return null;
}

export function validateResetPassword(form: {
  token: string | null;
  password: string;
  confirm: string;
}): RuleError | null {
  if (!form.token) return fail('validation.invalidResetToken');
  if (!form.password) return fail('validation.passwordRequired');
  if (form.password.length < PASSWORD_MIN_LENGTH) return fail('validation.passwordMin');
  if (form.password !== form.confirm) return fail('validation.passwordsMismatch');
  return null;
}

export function validateForcedPasswordChange(form: {
  currentPassword: string;
  newPassword: string;
  confirm: string;
}): RuleError | null {
  if (!form.newPassword) return fail('validation.newPasswordRequired');
  if (form.newPassword.length < PASSWORD_MIN_LENGTH) return fail('validation.passwordMin');
  if (form.newPassword !== form.confirm) return fail('validation.passwordsMismatch');
  if (form.newPassword === form.currentPassword) return fail('validation.newPasswordSame');
  return null;
}

export function validateLockPassword(password: string): RuleError | null {
  return password ? null : fail('validation.passwordRequired');
}

/** A token is sent with the Bearer prefix, added if missing. */
export function bearer(token: string): string {
  return /^Bearer /.test(token) ? token : `Bearer ${token}`;
}
