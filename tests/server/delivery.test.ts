/**
 * Issue 25: phone codes and emails leave the building. Each delivery is
 * configured from the environment as a cafe would (secrets in files) and
 * runs against a local peer that checks the request as the gateway documents
 * it: Twilio Verify (SMS or WhatsApp; the real Twilio cannot be reached from
 * here), a generic HTTP SMS gateway, and an SMTP server (smtp-server) that
 * receives the reset mail whose link then resets the password. The number and
 * the code never reach the server's log.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forgotPassword, phoneCheck, phoneStart, resetPassword } from '../../src/shared/api/routes.js';
import { httpSmsProvider, renderSmsBody } from '../../src/server/outbox/sms-http.js';
import { twilioVerify } from '../../src/server/outbox/twilio-verify.js';
import { startSmsGateways, type SmsGateways } from '../support/sms-gateways.js';
import { api, login, ok, startServer, type TestServer } from './support/harness.js';

let gateways: SmsGateways;
let dir: string;

beforeAll(async () => {
  gateways = await startSmsGateways();
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-delivery-'));
});
afterAll(async () => {
  await gateways?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A server built with these environment variables (read once, at start), and its log lines. */
async function serverWith(env: Record<string, string>): Promise<{ t: TestServer; logs: string[] }> {
  const saved = { ...process.env };
  Object.assign(process.env, env);
  const logs: string[] = [];
  try {
    const t = await startServer({ logger: { level: 'debug', stream: { write: (line: string) => void logs.push(line) } } });
    return { t, logs };
  } finally {
    for (const key of Object.keys(env)) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  }
}

function secretFile(name: string, value: string): string {
  const path = join(dir, name);
  writeFileSync(path, `${value}\n`, { mode: 0o600 });
  return path;
}

const outboxRows = (t: TestServer) => t.server.db.selectFrom('outbox').selectAll().execute();

describe('phone codes through Twilio Verify (WhatsApp)', () => {
  let t: TestServer;
  let logs: string[];
  const phone = '+9647701112233';

  beforeAll(async () => {
    ({ t, logs } = await serverWith({
      SPAWNPOINT_TWILIO_ACCOUNT_SID: gateways.twilio.accountSid,
      SPAWNPOINT_TWILIO_AUTH_TOKEN_FILE: secretFile('twilio-token', gateways.twilio.authToken),
      SPAWNPOINT_TWILIO_VERIFY_SERVICE_SID: gateways.twilio.serviceSid,
      SPAWNPOINT_TWILIO_CHANNEL: 'whatsapp',
      SPAWNPOINT_TWILIO_VERIFY_URL: gateways.url,
    }));
  });
  afterAll(() => t?.close());

  it('Twilio makes and sends the code; a wrong one is refused, the right one verifies once', async () => {
    await ok(t.url, phoneStart, { body: { phone } });
    const sent = gateways.verifications.filter((v) => v.to === phone);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.channel).toBe('whatsapp');
    const code = sent[0]!.code;
    const wrong = code === '000000' ? '111111' : '000000';
    expect(await ok(t.url, phoneCheck, { body: { phone, code: wrong } })).toEqual({ verified: false });
    expect(await ok(t.url, phoneCheck, { body: { phone, code } })).toEqual({ verified: true });
    expect(await ok(t.url, phoneCheck, { body: { phone, code } })).toEqual({ verified: false });
    expect(await outboxRows(t)).toEqual([]);
    expect(gateways.refused).toEqual([]);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('')).not.toContain(code);
    expect(logs.join('')).not.toContain(phone.slice(1));
    expect(logs.join('')).not.toContain(gateways.twilio.authToken);
  });

  it('keeps counting attempts itself: after five wrong codes even Twilio’s right one is refused', async () => {
    const other = '+9647704445566';
    await ok(t.url, phoneStart, { body: { phone: other } });
    const code = gateways.verifications.find((v) => v.to === other)!.code;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i += 1) expect((await ok(t.url, phoneCheck, { body: { phone: other, code: wrong } })).verified).toBe(false);
    expect(await ok(t.url, phoneCheck, { body: { phone: other, code } })).toEqual({ verified: false });
  });

  it('a Verify service that refuses the credentials is a clear 502, never a sent code', async () => {
    const bad = twilioVerify({ ...gateways.twilio, authToken: 'wrong-token', channel: 'sms', baseUrl: gateways.url });
    await expect(bad.start('+9647707778899')).rejects.toMatchObject({ statusCode: 502 });
    expect(await bad.check('+9647707778899', '123456')).toBe(false);
    expect(gateways.refused.length).toBeGreaterThan(0);
  });
});

describe('phone codes through a generic HTTP SMS gateway', () => {
  let t: TestServer;
  let logs: string[];
  const phone = '+9647509998877';

  beforeAll(async () => {
    ({ t, logs } = await serverWith({
      SPAWNPOINT_SMS_HTTP_URL: `${gateways.url}/sms`,
      SPAWNPOINT_SMS_HTTP_AUTH_FILE: secretFile('sms-auth', `Bearer ${gateways.smsToken}`),
    }));
  });
  afterAll(() => t?.close());

  it('posts the templated message the gateway expects; the code in it verifies', async () => {
    await ok(t.url, phoneStart, { body: { phone } });
    const message = gateways.messages.find((m) => m.to === phone);
    expect(message?.text).toMatch(/^Your Spawnpoint verification code is \d{6}$/);
    const code = /\d{6}$/.exec(message!.text)![0];
    expect(await ok(t.url, phoneCheck, { body: { phone, code } })).toEqual({ verified: true });
    expect(await outboxRows(t)).toEqual([]);
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.join('')).not.toContain(code);
    expect(logs.join('')).not.toContain(phone.slice(1));
    expect(logs.join('')).not.toContain(gateways.smsToken);
  });

  it('a gateway that refuses is a 502 with a plain message, the number kept out of it', async () => {
    const refusing = httpSmsProvider({ url: `${gateways.url}/sms`, template: '{"to":"{to}","text":"{text}"}', contentType: 'application/json', authHeader: 'authorization', auth: 'Bearer wrong' });
    const error = await refusing.send({ channel: 'sms', to: phone, subject: '', body: 'code 123456' }).catch((e: unknown) => e);
    expect(error).toMatchObject({ statusCode: 502 });
    expect(String((error as Error).message)).not.toContain(phone);
  });

  it('escapes the values for the template’s content type (no JSON or form injection)', () => {
    const text = 'a "quoted" & \\ text';
    expect(JSON.parse(renderSmsBody({ template: '{"to":"{to}","text":"{text}"}', contentType: 'application/json' }, '+964', text))).toEqual({ to: '+964', text });
    const form = new URLSearchParams(renderSmsBody({ template: 'to={to}&msg={text}&x=1', contentType: 'application/x-www-form-urlencoded' }, '+964', 'a&x=2'));
    expect(form.get('msg')).toBe('a&x=2');
    expect(form.getAll('x')).toEqual(['1']);
  });
});

describe('email over SMTP', () => {
  let t: TestServer;
  let smtp: SMTPServer;
  const mails: Array<{ to: string[]; raw: string }> = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: false,
      allowInsecureAuth: true,
      disabledCommands: ['STARTTLS'],
      onAuth(auth, _session, callback) {
        if (auth.username === 'cafe' && auth.password === 'smtp-pass') return callback(null, { user: 'cafe' });
        return callback(new Error('Invalid username or password'));
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString() });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    ({ t } = await serverWith({
      SPAWNPOINT_SMTP_URL_FILE: secretFile('smtp-url', `smtp://cafe:smtp-pass@127.0.0.1:${port}`),
      SPAWNPOINT_MAIL_FROM: 'Cafe <desk@cafe.example>',
    }));
  });
  afterAll(async () => {
    await t?.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });

  it('sends the reset link to the account’s address; the link resets the password once', async () => {
    await ok(t.url, forgotPassword, { body: { email: 'ali@example.com' } });
    const mail = mails.find((m) => m.to.includes('ali@example.com'));
    expect(mail?.raw).toContain('Reset your Spawnpoint password');
    expect(mail?.raw).toMatch(/^From: Cafe <desk@cafe\.example>/m);
    // Quoted-printable: soft line breaks and =XX escapes.
    const body = mail!.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    const link = new URL(/(http:\/\/\S+\/password\?token=\S+)/.exec(body)![1]!);
    expect(link.origin).toBe(t.url);
    const token = link.searchParams.get('token')!;
    await ok(t.url, resetPassword, { body: { token, newPassword: 'brand-new-pass' } });
    expect((await login(t.url, 'ali', 'brand-new-pass', 1)).user.username).toBe('ali');
    expect((await api(t.url, 'POST', '/auth/client/reset-password', { body: { token, newPassword: 'again-123' } })).status).toBe(400);
    expect(await outboxRows(t)).toEqual([]);
  });
});
