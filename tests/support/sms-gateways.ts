/**
 * Local stand-ins for the SMS gateways (issue 25), one HTTP server on
 * loopback. It checks each request the way the gateway's documentation
 * describes it and refuses anything else:
 *   - Twilio Verify v2: POST /v2/Services/{ServiceSid}/Verifications (To,
 *     Channel) and /VerificationCheck (To, Code), HTTP Basic account SID +
 *     auth token, form-encoded; it makes the code itself and approves it once.
 *   - a generic local gateway: POST /sms with `Authorization: Bearer <token>`
 *     and a JSON body {to, text}.
 * (The real Twilio cannot be reached from the test machine.)
 */
import { randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SmsGateways {
  url: string;
  twilio: { accountSid: string; authToken: string; serviceSid: string };
  smsToken: string;
  /** Verifications Twilio started: number, channel, the code it sent. */
  verifications: Array<{ to: string; channel: string; code: string }>;
  /** Messages the generic gateway accepted. */
  messages: Array<{ to: string; text: string }>;
  /** Requests refused (bad credentials or a malformed request), by path. */
  refused: string[];
  close(): Promise<void>;
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

export async function startSmsGateways(): Promise<SmsGateways> {
  const twilio = { accountSid: 'AC0123456789abcdef0123456789abcdef', authToken: 'twilio-auth-token', serviceSid: 'VA0123456789abcdef0123456789abcdef' };
  const pending = new Map<string, string>();
  const gateways: Omit<SmsGateways, 'url' | 'close'> = { twilio, smsToken: 'sms-gateway-token', verifications: [], messages: [], refused: [] };

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const text = await read(req);
      const json = (status: number, value: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      const refuse = (status: number) => {
        gateways.refused.push(path);
        json(status, { message: 'refused' });
      };
      if (req.method !== 'POST') return refuse(405);
      if (path === '/sms') {
        if (req.headers.authorization !== `Bearer ${gateways.smsToken}`) return refuse(401);
        if (!req.headers['content-type']?.startsWith('application/json')) return refuse(415);
        let body: { to?: unknown; text?: unknown };
        try {
          body = JSON.parse(text) as typeof body;
        } catch {
          return refuse(400);
        }
        if (typeof body.to !== 'string' || !/^\+\d{6,15}$/.test(body.to) || typeof body.text !== 'string') return refuse(400);
        gateways.messages.push({ to: body.to, text: body.text });
        return json(200, { accepted: true });
      }
      const base = `/v2/Services/${twilio.serviceSid}/`;
      if (!path.startsWith(base)) return refuse(404);
      const basic = `Basic ${Buffer.from(`${twilio.accountSid}:${twilio.authToken}`).toString('base64')}`;
      if (req.headers.authorization !== basic) return refuse(401);
      if (req.headers['content-type'] !== 'application/x-www-form-urlencoded') return refuse(415);
      const form = new URLSearchParams(text);
      const to = form.get('To') ?? '';
      if (!/^\+\d{6,15}$/.test(to)) return refuse(400);
      if (path === `${base}Verifications`) {
        const channel = form.get('Channel') ?? '';
        if (!['sms', 'whatsapp', 'call', 'email'].includes(channel)) return refuse(400);
        const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
        pending.set(to, code);
        gateways.verifications.push({ to, channel, code });
        return json(201, { sid: 'VE0001', service_sid: twilio.serviceSid, to, channel, status: 'pending', valid: false });
      }
      if (path === `${base}VerificationCheck`) {
        const expected = pending.get(to);
        if (!expected) return json(404, { code: 20404, message: 'The requested resource was not found', status: 404 });
        if (form.get('Code') !== expected) return json(200, { to, status: 'pending', valid: false });
        pending.delete(to);
        return json(200, { to, status: 'approved', valid: true });
      }
      return refuse(404);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    ...gateways,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
