/** The front door's server side: sign-up, phone codes, reset and verification links, NFC, prepaid, outbox. */
import { describe, expect, it } from 'vitest';
import {
  adminOutbox,
  checkUsername,
  forgotPassword,
  nfcLogin,
  oauthCheckEmail,
  oauthQrSession,
  oauthQrStatus,
  phoneCheck,
  phoneStart,
  redeemPrepaidWithUsername,
  register,
  resetPassword,
  verifyEmail,
  verifyNfcCard,
  updateProfile,
  verifyPhoneRegistration,
} from '../../src/shared/api/routes.js';
import { adminToken, fail, login, ok, station, stationCredential } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer();

async function outbox() {
  return ok(t.url, adminOutbox, { token: await adminToken(t.url) });
}
const codeIn = (body: string) => /(\d{6})/.exec(body)?.[1] ?? '';
const tokenIn = (body: string) => /token=([\w-]+)/.exec(body)?.[1] ?? '';

describe('sign-up', () => {
  it('checks username availability case-insensitively and by format', async () => {
    expect(await ok(t.url, checkUsername, { query: { username: 'ALI' } })).toEqual({ available: false });
    expect(await ok(t.url, checkUsername, { query: { username: 'new.player' } })).toEqual({ available: true });
    expect(await ok(t.url, checkUsername, { query: { username: '.bad' } })).toEqual({ available: false });
  });

  it('registers with email only, then verifies the email once through the link', async () => {
    const res = await ok(t.url, register, {
      body: { username: 'zaid', password: 'secret1', email: 'zaid@example.com', macAddress: station(1).macAddress },
    });
    expect(res).toEqual({ success: true, requiresPhoneVerification: false });
    const [mail] = await outbox();
    expect(mail).toMatchObject({ channel: 'email', recipient: 'zaid@example.com' });
    const token = tokenIn(mail!.body);
    expect(mail!.body).toContain('/verify-email?token=');
    expect(await ok(t.url, verifyEmail, { query: { token } })).toMatchObject({ success: true });
    expect((await fail(t.url, verifyEmail, { query: { token } })).statusCode).toBe(400);
    await login(t.url, 'zaid', 'secret1', 2);
  });

  it('refuses a taken username, email or phone with 409', async () => {
    const err = await fail(t.url, register, {
      body: { username: 'Ali', password: 'secret1', email: 'x@example.com', macAddress: station(1).macAddress },
    });
    expect(err).toMatchObject({ statusCode: 409, message: 'Username, email, or phone number already exists.' });
  });

  it('with a phone: sends a code, creates the account only once the code is right', async () => {
    const phone = '+9647711112222';
    const res = await ok(t.url, register, {
      body: { username: 'noor', password: 'secret1', phoneNumber: phone, macAddress: station(1).macAddress },
    });
    expect(res.requiresPhoneVerification).toBe(true);
    expect(await ok(t.url, checkUsername, { query: { username: 'noor' } })).toEqual({ available: false });
    const [sms] = await outbox();
    expect(sms).toMatchObject({ channel: 'sms', recipient: phone });
    const key = res.registrationKey!;
    expect(await ok(t.url, verifyPhoneRegistration, { body: { phone, code: '000000', registrationKey: key } }))
      .toMatchObject({ verified: false });
    // Resend: a new code replaces the old one.
    await ok(t.url, phoneStart, { body: { phone } });
    const [resent] = await outbox();
    expect(await ok(t.url, verifyPhoneRegistration, { body: { phone, code: codeIn(resent!.body), registrationKey: key } }))
      .toEqual({ verified: true });
    await login(t.url, 'noor', 'secret1', 2);
  });

  it('phone codes are single use and expire after 10 minutes', async () => {
    const phone = '+9647700000001';
    await ok(t.url, phoneStart, { body: { phone } });
    const code = codeIn((await outbox())[0]!.body);
    expect(await ok(t.url, phoneCheck, { body: { phone, code } })).toEqual({ verified: true });
    expect(await ok(t.url, phoneCheck, { body: { phone, code } })).toEqual({ verified: false });
    await ok(t.url, phoneStart, { body: { phone } });
    const late = codeIn((await outbox())[0]!.body);
    await t.clock.advance(10 * 60 * 1000);
    expect(await ok(t.url, phoneCheck, { body: { phone, code: late } })).toEqual({ verified: false });
  });
});

describe('password reset', () => {
  it('mails a single-use link that sets the new password', async () => {
    await ok(t.url, forgotPassword, { body: { email: 'ali@example.com' } });
    const [mail] = await outbox();
    expect(mail!.body).toContain('/password?token=');
    const token = tokenIn(mail!.body);
    await ok(t.url, resetPassword, { body: { token, newPassword: 'newpass1' } });
    expect((await fail(t.url, resetPassword, { body: { token, newPassword: 'other12' } })).statusCode).toBe(400);
    await login(t.url, 'ali', 'newpass1', 2);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    expect(await ok(t.url, forgotPassword, { body: { email: 'nobody@example.com' } })).toMatchObject({ success: true });
    expect(await outbox()).toEqual([]);
  });

  it('a link expires after an hour', async () => {
    await ok(t.url, forgotPassword, { body: { email: 'ali@example.com' } });
    const token = tokenIn((await outbox())[0]!.body);
    await t.clock.advance(60 * 60 * 1000);
    expect((await fail(t.url, resetPassword, { body: { token, newPassword: 'newpass1' } })).statusCode).toBe(400);
  });
});

describe('NFC', () => {
  it('logs in with an active card, 401 for unknown or inactive, 403 without NFC access', async () => {
    const { macAddress } = station(2);
    const res = await ok(t.url, nfcLogin, { body: { cardUid: '04:a1:b2:c3', macAddress } });
    expect(res.user.username).toBe('ali');
    expect((await fail(t.url, nfcLogin, { body: { cardUid: '04C0FFEE', macAddress: station(3).macAddress } })).statusCode).toBe(401);
    expect((await fail(t.url, nfcLogin, { body: { cardUid: 'FFFFFFFF', macAddress: station(3).macAddress } })).statusCode).toBe(401);
    expect(await fail(t.url, nfcLogin, { body: { cardUid: '04D4E5F6', macAddress: station(3).macAddress } })).toMatchObject({
      statusCode: 403,
      message: 'NFC access not allowed for this user.',
    });
    expect(await ok(t.url, verifyNfcCard, { body: { cardUid: '04A1B2C3' }, token: res.accessToken })).toMatchObject({ valid: true });
    expect(await ok(t.url, verifyNfcCard, { body: { cardUid: '04D4E5F6' }, token: res.accessToken })).toMatchObject({ valid: false });
  });
});

describe('prepaid cards before login', () => {
  it('redeems once for the username and clears a top-up requirement', async () => {
    const res = await ok(t.url, redeemPrepaidWithUsername, { body: { code: ' rc-demo-5000-0001 ', username: 'topup' } });
    expect(res).toMatchObject({ success: true, balanceAdded: 5000 });
    const again = await fail(t.url, redeemPrepaidWithUsername, { body: { code: 'RC-DEMO-5000-0001', username: 'topup' } });
    expect(again).toMatchObject({ statusCode: 400, message: 'Invalid or already redeemed card code' });
    const session = await login(t.url, 'topup', 'topup123', 2);
    expect(session.user).toMatchObject({ balance: 5000, requireBalanceTopUp: false });
  });
});

describe('PUT /profile password change (the forced-change gate)', () => {
  it('needs the current password, a different new one, and clears the flag', async () => {
    const { accessToken: token } = await login(t.url, 'reset_me', 'reset123', 2);
    expect((await fail(t.url, updateProfile, { token, body: { currentPassword: 'nope', newPassword: 'fresh123' } })).statusCode).toBe(400);
    const user = await ok(t.url, updateProfile, { token, body: { currentPassword: 'reset123', newPassword: 'fresh123' } });
    expect(user.requirePasswordReset).toBe(false);
  });
});

describe('OAuth QR login through the development provider', () => {
  const st1 = () => ({ credential: stationCredential(t.url, 1) });
  /** A QR session of station 1 that the phone completes with `email` through the development provider. */
  async function signedInOnPhone(email: string) {
    const session = await ok(t.url, oauthQrSession, { params: { provider: 'google' }, ...st1() });
    const form = new URLSearchParams({ session: session.sessionId, provider: 'google', name: 'New Player', email });
    const done = await fetch(session.authUrl.split('?')[0]!, { method: 'POST', body: form });
    expect(done.status).toBe(200);
    return session;
  }

  it('pending until the phone signs in, then completed once; the email check logs in or suggests', async () => {
    const session = await ok(t.url, oauthQrSession, { params: { provider: 'google' }, ...st1() });
    expect(session.expiresIn).toBe(120);
    expect(await ok(t.url, oauthQrStatus, { params: { sessionId: session.sessionId }, ...st1() })).toEqual({ status: 'pending', userData: null });
    const page = await fetch(session.authUrl);
    expect(page.status).toBe(200);
    const form = new URLSearchParams({ session: session.sessionId, provider: 'google', name: 'New Player', email: 'new@example.com' });
    const done = await fetch(session.authUrl.split('?')[0]!, { method: 'POST', body: form });
    expect(done.status).toBe(200);
    // Another station sees nothing of it.
    expect(await ok(t.url, oauthQrStatus, { params: { sessionId: session.sessionId }, credential: stationCredential(t.url, 2) })).toEqual({
      status: 'expired',
      userData: null,
    });
    const status = await ok(t.url, oauthQrStatus, { params: { sessionId: session.sessionId }, ...st1() });
    expect(status).toMatchObject({ status: 'completed', userData: { provider: 'google', email: 'new@example.com', username: 'NewPlayer' } });
    expect((await ok(t.url, oauthQrStatus, { params: { sessionId: session.sessionId }, ...st1() })).status).toBe('expired');

    const fresh = await ok(t.url, oauthCheckEmail, {
      body: { email: 'new@example.com', provider: 'google', suggestedUsername: 'NewPlayer', macAddress: station(1).macAddress },
    });
    expect(fresh).toMatchObject({ emailExists: false, loginData: null, userData: { suggestedUsername: 'NewPlayer', name: 'New Player' } });

    await signedInOnPhone('ali@example.com');
    const known = await ok(t.url, oauthCheckEmail, {
      body: { email: 'ali@example.com', provider: 'google', suggestedUsername: 'x', macAddress: station(1).macAddress },
    });
    expect(known.emailExists).toBe(true);
    expect(known.loginData?.user.username).toBe('ali');
    expect(known.loginData?.stationId).toBe('st-01');
  });

  it('refuses an email the phone did not sign in with, and uses a sign-in once', async () => {
    const session = await signedInOnPhone('sara@example.com');
    const claim = (email: string) =>
      fail(t.url, oauthCheckEmail, {
        body: { email, provider: 'google', suggestedUsername: 'x', macAddress: station(1).macAddress, sessionId: session.sessionId },
      });
    expect(await claim('ali@example.com')).toMatchObject({ statusCode: 401 });
    await ok(t.url, oauthCheckEmail, {
      body: { email: 'sara@example.com', provider: 'google', suggestedUsername: 'x', macAddress: station(1).macAddress },
    });
    expect(await claim('sara@example.com')).toMatchObject({ statusCode: 401 });
  });

  it('expires after 120 s', async () => {
    const session = await ok(t.url, oauthQrSession, { params: { provider: 'discord' }, ...st1() });
    await t.clock.advance(120_000);
    expect((await ok(t.url, oauthQrStatus, { params: { sessionId: session.sessionId }, ...st1() })).status).toBe('expired');
  });
});
