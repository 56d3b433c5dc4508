/**
 * Twilio Verify (issue 25): Twilio makes the six-digit code, sends it by SMS
 * or WhatsApp (the channel the cafe chose), and checks it. Two calls of its
 * documented REST API (v2), HTTP Basic with the account SID and auth token:
 *   POST {base}/v2/Services/{ServiceSid}/Verifications       To, Channel
 *   POST {base}/v2/Services/{ServiceSid}/VerificationCheck   To, Code  → status "approved"
 * The auth token comes from SPAWNPOINT_TWILIO_AUTH_TOKEN_FILE or
 * SPAWNPOINT_TWILIO_AUTH_TOKEN; neither it, the number nor the code is logged.
 * The server still counts attempts and budgets itself (phone-codes.ts).
 */
import { secretFromEnv } from '../config/env-secrets.js';
import { notDelivered, type PhoneVerification } from './provider.js';

export interface TwilioVerifyOptions {
  accountSid: string;
  authToken: string;
  serviceSid: string;
  channel: 'sms' | 'whatsapp';
  /** https://verify.twilio.com (a test points it at its own peer). */
  baseUrl: string;
}

export const TWILIO_VERIFY_URL = 'https://verify.twilio.com';

export function twilioVerify(options: TwilioVerifyOptions): PhoneVerification {
  const authorization = `Basic ${Buffer.from(`${options.accountSid}:${options.authToken}`).toString('base64')}`;
  const post = (path: string, form: Record<string, string>) =>
    fetch(new URL(`/v2/Services/${encodeURIComponent(options.serviceSid)}/${path}`, options.baseUrl), {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(form).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(10_000),
    });
  return {
    async start(phone) {
      let ok = false;
      try {
        const response = await post('Verifications', { To: phone, Channel: options.channel });
        ok = response.ok;
        await response.body?.cancel();
      } catch {
        ok = false;
      }
      if (!ok) throw notDelivered();
    },
    async check(phone, code) {
      try {
        const response = await post('VerificationCheck', { To: phone, Code: code });
        // 404: no pending verification (expired, approved already, or out of attempts).
        if (!response.ok) {
          await response.body?.cancel();
          return false;
        }
        const body = (await response.json()) as { status?: unknown; valid?: unknown };
        return body.status === 'approved' && body.valid === true;
      } catch {
        return false;
      }
    },
  };
}

export function twilioVerifyFromEnv(env: Record<string, string | undefined>): PhoneVerification | undefined {
  const serviceSid = env.SPAWNPOINT_TWILIO_VERIFY_SERVICE_SID;
  if (!serviceSid) return undefined;
  const accountSid = env.SPAWNPOINT_TWILIO_ACCOUNT_SID;
  const authToken = secretFromEnv(env, 'SPAWNPOINT_TWILIO_AUTH_TOKEN');
  if (!accountSid || !authToken) {
    throw new Error('Twilio Verify needs SPAWNPOINT_TWILIO_ACCOUNT_SID and SPAWNPOINT_TWILIO_AUTH_TOKEN (or SPAWNPOINT_TWILIO_AUTH_TOKEN_FILE).');
  }
  return twilioVerify({
    accountSid,
    authToken,
    serviceSid,
    channel: env.SPAWNPOINT_TWILIO_CHANNEL === 'whatsapp' ? 'whatsapp' : 'sms',
    baseUrl: env.SPAWNPOINT_TWILIO_VERIFY_URL ?? TWILIO_VERIFY_URL,
  });
}
