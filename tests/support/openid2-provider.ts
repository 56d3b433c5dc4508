/**
 * A small OpenID 2.0 provider playing Steam on loopback (issue 25): a real
 * HTTP server that answers `checkid_setup` by signing the customer in as
 * `nextSteamId` and redirecting to `openid.return_to` with a positive
 * assertion (HMAC-SHA256 over the signed fields, OpenID 2.0 §10.1), answers
 * `check_authentication` (§11.4.2) with is_valid:true only for an assertion it
 * issued, unchanged, once — and serves the Web API's GetPlayerSummaries for
 * its key. It records every check_authentication it was asked.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const OPENID2_NS = 'http://specs.openid.net/auth/2.0';
const SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];

export interface TestSteam {
  url: string;
  endpoint: string;
  claimedIdPrefix: string;
  webApiKey: string;
  nextSteamId: string;
  personas: Map<string, string>;
  /** check_authentication requests received, and what they were answered. */
  checks: Array<{ valid: boolean }>;
  /** The checkid_setup requests received (their query). */
  requests: URLSearchParams[];
  close(): Promise<void>;
}

function sign(key: Buffer, fields: Record<string, string>, signed: string[]): string {
  return createHmac('sha256', key)
    .update(signed.map((name) => `${name}:${fields[`openid.${name}`] ?? ''}\n`).join(''))
    .digest('base64');
}

async function read(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString();
}

/** `now`: the clock the assertion's nonce is dated by (the cafe server's). */
export async function startTestSteam(now: () => number): Promise<TestSteam> {
  const key = randomBytes(32);
  const handle = `assoc-${randomBytes(4).toString('hex')}`;
  const spent = new Set<string>();
  const server: Server = createServer((req, res) => void answer(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const steam: TestSteam = {
    url,
    endpoint: `${url}/openid/login`,
    claimedIdPrefix: `${url}/openid/id/`,
    webApiKey: 'test-web-api-key',
    nextSteamId: '76561198000000042',
    personas: new Map(),
    checks: [],
    requests: [],
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const at = new URL(req.url ?? '/', url);
    if (at.pathname === '/ISteamUser/GetPlayerSummaries/v2/') {
      if (at.searchParams.get('key') !== steam.webApiKey) {
        res.writeHead(403).end();
        return;
      }
      const id = at.searchParams.get('steamids') ?? '';
      const name = steam.personas.get(id);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ response: { players: name ? [{ steamid: id, personaname: name }] : [] } }));
      return;
    }
    if (at.pathname !== '/openid/login') {
      res.writeHead(404).end();
      return;
    }
    if (req.method === 'POST') {
      const fields = Object.fromEntries(new URLSearchParams(await read(req)));
      const signed = (fields['openid.signed'] ?? '').split(',').filter(Boolean);
      const expected = Buffer.from(sign(key, fields, signed));
      const given = Buffer.from(fields['openid.sig'] ?? '');
      const nonce = fields['openid.response_nonce'] ?? '';
      const valid =
        fields['openid.mode'] === 'check_authentication' &&
        SIGNED.every((name) => signed.includes(name)) &&
        fields['openid.assoc_handle'] === handle &&
        expected.length === given.length &&
        timingSafeEqual(expected, given) &&
        !spent.has(nonce);
      if (valid) spent.add(nonce);
      steam.checks.push({ valid });
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`ns:${OPENID2_NS}\nis_valid:${valid ? 'true' : 'false'}\n`);
      return;
    }
    const query = at.searchParams;
    steam.requests.push(query);
    const returnTo = query.get('openid.return_to') ?? '';
    const realm = query.get('openid.realm') ?? '';
    // §9.2: the return address must lie under the realm.
    if (query.get('openid.mode') !== 'checkid_setup' || !URL.canParse(returnTo) || !returnTo.startsWith(realm)) {
      res.writeHead(400, { 'content-type': 'text/plain' }).end('bad request');
      return;
    }
    const identity = `${steam.claimedIdPrefix}${steam.nextSteamId}`;
    const fields: Record<string, string> = {
      'openid.ns': OPENID2_NS,
      'openid.mode': 'id_res',
      'openid.op_endpoint': steam.endpoint,
      'openid.claimed_id': identity,
      'openid.identity': identity,
      'openid.return_to': returnTo,
      'openid.response_nonce': `${new Date(now()).toISOString().slice(0, 19)}Z${randomBytes(4).toString('hex')}`,
      'openid.assoc_handle': handle,
      'openid.signed': SIGNED.join(','),
    };
    fields['openid.sig'] = sign(key, fields, SIGNED);
    const target = new URL(returnTo);
    for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
    res.writeHead(302, { location: target.href }).end();
  }

  return steam;
}
