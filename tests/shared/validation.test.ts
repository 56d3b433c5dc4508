import { describe, expect, it } from 'vitest';
import {
  bearer,
  fullPhoneNumber,
  isValidEmail,
  isValidUsernameFormat,
  isVerified,
  normalizePhoneDigits,
  sanitizePhoneCode,
  shouldCheckUsername,
  usernameCheckQuery,
  validateForcedPasswordChange,
  validateForgotPassword,
  validateLockPassword,
  validateLogin,
  validateResetPassword,
  validateSignUp,
} from '../../src/shared/validation/auth.js';
import { formatPrepaidCode, normalizeLoginCardCode, validatePrepaidCode } from '../../src/shared/validation/cards.js';
import { profileChanges } from '../../src/shared/validation/profile.js';
import { isValidFriendCode, pingCooldownError, serviceCallCooldownLeft } from '../../src/shared/validation/social.js';
import { steamIdFromIdentity, validateOAuthResult } from '../../src/shared/validation/oauth.js';

const msg = (r: { message: string } | null) => r?.message ?? null;

describe('login rules (SPEC §5)', () => {
  it('requires a username, then a password', () => {
    expect(msg(validateLogin({ username: '  ', password: 'x' }))).toBe('Username is required');
    expect(msg(validateLogin({ username: 'ali', password: '' }))).toBe('Password is required');
    expect(validateLogin({ username: 'ali', password: 'p' })).toBeNull();
  });

  it('gives the catalog key beside the text', () => {
    expect(validateLogin({ username: '', password: '' })?.key).toBe('validation.usernameRequired');
  });
});

describe('sign-up username format', () => {
  it.each([
    ['ali', true],
    ['Ali99', true],
    ['ali.hassan', true],
    ['.ali', false],
    ['ali.', false],
    ['a.b.c', false],
    ['ali_h', false],
    ['علي', false],
    ['', false],
  ])('%s → %s', (name, ok) => expect(isValidUsernameFormat(name)).toBe(ok));

  it('checks availability only from 3 valid characters, URL-encoded', () => {
    expect(shouldCheckUsername('al')).toBe(false);
    expect(shouldCheckUsername('ali')).toBe(true);
    expect(shouldCheckUsername('al.')).toBe(false);
    expect(usernameCheckQuery('a b&c')).toBe('username=a%20b%26c');
  });
});

describe('sign-up form', () => {
  const base = { username: 'ali', password: 'secret1', email: '', phone: '7701234567' };
  it('accepts a phone without email', () => expect(validateSignUp(base)).toBeNull());
  it('reports each rule with its exact text', () => {
    expect(msg(validateSignUp({ ...base, username: 'a..b' }))).toBe(
      'Username can only contain letters, numbers, and optionally one dot (not at start or end)',
    );
    expect(msg(validateSignUp({ ...base, password: '' }))).toBe('Password is required');
    expect(msg(validateSignUp({ ...base, password: '12345' }))).toBe('Password must be at least 6 characters');
    expect(msg(validateSignUp({ ...base, email: 'nope' }))).toBe('Please enter a valid email address');
    expect(msg(validateSignUp({ ...base, phone: '' }))).toBe('Either email or phone number must be provided');
  });
});

describe('phone and codes', () => {
  it('keeps digits only and drops leading zeros', () => {
    expect(normalizePhoneDigits('0770-123 4567')).toBe('7701234567');
    expect(fullPhoneNumber('964', '07701234567')).toBe('+9647701234567');
    expect(fullPhoneNumber('964', '')).toBe('');
  });
  it('limits a code to 6 characters', () => expect(sanitizePhoneCode('12 34567')).toBe('123456'));
  it('counts as verified only when verified is exactly true', () => {
    expect(isVerified({ verified: true })).toBe(true);
    expect(isVerified({ verified: 'true' })).toBe(false);
    expect(isVerified({ verified: 1 })).toBe(false);
    expect(isVerified(null)).toBe(false);
  });
  it('recognises email shapes', () => {
    expect(isValidEmail('a@b.iq')).toBe(true);
    expect(isValidEmail('a@b')).toBe(false);
  });
});

describe('password flows', () => {
  it('forgot password', () => {
    expect(msg(validateForgotPassword(''))).toBe('Please enter your email address');
    expect(msg(validateForgotPassword('x@'))).toBe('Please enter a valid email address');
    expect(validateForgotPassword('x@y.com')).toBeNull();
  });
  it('reset password', () => {
    const ok = { token: 't', password: 'secret1', confirm: 'secret1' };
    expect(validateResetPassword(ok)).toBeNull();
    expect(msg(validateResetPassword({ ...ok, token: null }))).toBe('Invalid reset token');
    expect(msg(validateResetPassword({ ...ok, password: '' }))).toBe('Password is required');
    expect(msg(validateResetPassword({ ...ok, password: 'abc', confirm: 'abc' }))).toBe(
      'Password must be at least 6 characters',
    );
    expect(msg(validateResetPassword({ ...ok, confirm: 'other1' }))).toBe('Passwords do not match');
  });
  it('forced change', () => {
    const ok = { currentPassword: 'old123', newPassword: 'new123', confirm: 'new123' };
    expect(validateForcedPasswordChange(ok)).toBeNull();
    expect(msg(validateForcedPasswordChange({ ...ok, newPassword: '' }))).toBe('New password is required');
    expect(msg(validateForcedPasswordChange({ ...ok, newPassword: 'old123', confirm: 'old123' }))).toBe(
      'New password must be different from your current password',
    );
  });
  it('lock screen', () => {
    expect(msg(validateLockPassword(''))).toBe('Password is required');
    expect(validateLockPassword('x')).toBeNull();
  });
  it('adds the Bearer prefix only when missing', () => {
    expect(bearer('abc')).toBe('Bearer abc');
    expect(bearer('Bearer abc')).toBe('Bearer abc');
  });
});

describe('prepaid cards', () => {
  it('upper-cases and trims at login', () => expect(normalizeLoginCardCode('  rc-ab12 ')).toBe('RC-AB12'));
  it('groups 2-4-4-4 with hyphens, letters and digits only, max 17', () => {
    expect(formatPrepaidCode('rcab12cd34ef56')).toBe('RC-AB12-CD34-EF56');
    expect(formatPrepaidCode('rc-ab12-cd34-ef56-zzzz')).toBe('RC-AB12-CD34-EF56');
    expect(formatPrepaidCode('r')).toBe('R');
    expect(formatPrepaidCode('rc!a')).toBe('RC-A');
    expect(formatPrepaidCode('rcab12cd34ef56').length).toBe(17);
  });
  it('requires a code', () => expect(msg(validatePrepaidCode(' '))).toBe('Please enter a prepaid card code'));
});

describe('profile save', () => {
  const original = { username: 'ali', email: 'a@b.iq', phoneNumber: '', displayName: 'Ali' };
  it('sends only changed fields, empties as null', () => {
    const r = profileChanges(original, { ...original, displayName: '' });
    expect(r).toEqual({ ok: true, changes: { displayName: null }, phoneNeedsCode: false });
  });
  it('asks for a code when the phone changes to a value', () => {
    const r = profileChanges(original, { ...original, phoneNumber: '+9647701234567' });
    expect(r.ok && r.phoneNeedsCode).toBe(true);
  });
  it('reports no changes and the email-or-phone rule', () => {
    expect(profileChanges(original, original)).toMatchObject({ ok: false, error: { message: 'No changes to save' } });
    expect(profileChanges(original, { ...original, email: '' })).toMatchObject({
      ok: false,
      error: { message: 'Either email or phone number must be provided.' },
    });
  });
});

describe('social', () => {
  it.each([
    ['7123456', true],
    ['712345', false],
    ['8123456', false],
    ['71234567', false],
    ['7a23456', false],
  ])('friend code %s → %s', (code, ok) => expect(isValidFriendCode(code)).toBe(ok));
  it('ping cooldown is 5 s per friend, with seconds left in the text', () => {
    expect(pingCooldownError(undefined, 0)).toBeNull();
    expect(msg(pingCooldownError(1000, 2500))).toBe('Wait 4s before pinging this friend again.');
    expect(pingCooldownError(1000, 6000)).toBeNull();
  });
  it('service call cooldown is 5 minutes', () => {
    expect(serviceCallCooldownLeft(0, 60_000)).toBe(240_000);
    expect(serviceCallCooldownLeft(0, 300_000)).toBe(0);
  });
});

describe('oauth', () => {
  it('needs a provider and, except Steam, an email', () => {
    expect(msg(validateOAuthResult({}))).toBe('Invalid OAuth result: missing provider');
    expect(msg(validateOAuthResult({ provider: 'google' }))).toBe('Invalid OAuth result: missing email');
    expect(validateOAuthResult({ provider: 'steam' })).toBeNull();
  });
  it('takes the numeric id from a Steam identity', () => {
    expect(steamIdFromIdentity('https://steamcommunity.com/openid/id/76561198000000000')).toEqual({
      ok: true,
      steamId: '76561198000000000',
    });
    expect(steamIdFromIdentity('https://steamcommunity.com/openid/id/abc').ok).toBe(false);
    expect(steamIdFromIdentity(undefined).ok).toBe(false);
  });
});
