/**
 * A development Steam OpenID 2.0 provider served by the cafe server (with
 * --dev-oauth), so the whole link flow runs in the demo and the tests with
 * no Steam account: a sign-in page asks for a Steam id, answers the
 * station's /steam-callback with a positive assertion signed by a key of
 * this process (HMAC-SHA256), and confirms its own answers to
 * check_authentication, exactly as Steam's endpoint does.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { OPENID_NS, type SteamOpenIdConfig } from '../oauth/steam-openid.js';

export const DEV_STEAM_LOGIN_PATH = '/steam-openid/dev/login';
export const DEV_STEAM_ID_PATH = '/steam-openid/dev/id/';
const SIGNED = ['op_endpoint', 'claimed_id', 'identity', 'return_to', 'response_nonce', 'assoc_handle'];

export function devSteamConfig(publicUrl: string): SteamOpenIdConfig {
  return { endpoint: `${publicUrl}${DEV_STEAM_LOGIN_PATH}`, claimedIdPrefix: `${publicUrl}${DEV_STEAM_ID_PATH}` };
}

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Steam sign-in (development)</title>
<style>body{margin:0;min-height:100vh;display:grid;place-items:center;background:#171a21;color:#c7d5e0;font:16px system-ui,sans-serif}
main{width:min(360px,90vw);padding:28px;border-radius:8px;background:#1b2838}h1{font-size:20px;margin:0 0 6px}p{font-size:14px;color:#8f98a0}
label{display:block;margin:14px 0 4px;font-size:13px}input{box-sizing:border-box;width:100%;padding:10px;border:0;border-radius:4px;background:#32404e;color:#fff;font-size:16px}
button{margin-top:18px;width:100%;padding:12px;border:0;border-radius:4px;background:linear-gradient(90deg,#06bfff,#2d73ff);color:#fff;font-weight:700;font-size:16px}</style>
</head><body><main>${body}</main></body></html>`;

/** OpenID key-value signing: "name:value\n" for each signed field, in order. */
function signature(key: Buffer, fields: Record<string, string>, signed: string[]): string {
  const text = signed.map((name) => `${name}:${fields[`openid.${name}`] ?? ''}\n`).join('');
  return createHmac('sha256', key).update(text).digest('base64');
}

export function registerDevSteamProvider(app: FastifyInstance, publicUrl: () => string, now: () => number): void {
  const key = randomBytes(32);
  const assocHandle = `dev-${randomBytes(6).toString('hex')}`;

  app.get(DEV_STEAM_LOGIN_PATH, (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const returnTo = query['openid.return_to'] ?? '';
    // Its form answers with a redirect to the station's /steam-callback (another origin), as Steam's does.
    reply
      .type('text/html')
      .header('cache-control', 'no-store')
      .header('cross-origin-opener-policy', 'unsafe-none')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'");
    if (query['openid.mode'] !== 'checkid_setup' || !URL.canParse(returnTo)) {
      return reply.code(400).send(page('<h1>Steam (development)</h1><p>Not an OpenID sign-in request.</p>'));
    }
    return reply.send(
      page(`<h1>Sign in through Steam</h1><p>Development provider of the cafe server: no Steam account is contacted.</p>
<form method="post" action="${DEV_STEAM_LOGIN_PATH}">
<input type="hidden" name="openid.mode" value="dev_sign_in">
<input type="hidden" name="openid.return_to" value="${escape(returnTo)}">
<label for="steamId">Steam ID</label><input id="steamId" name="steamId" inputmode="numeric" value="76561198000000042">
<button type="submit">Sign In</button></form>`),
    );
  });

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(DEV_STEAM_LOGIN_PATH, (request, reply) => {
      const form = (request.body ?? {}) as Record<string, string | undefined>;
      const base = publicUrl();
      if (form['openid.mode'] === 'check_authentication') {
        const fields = Object.fromEntries(Object.entries(form).filter((e): e is [string, string] => typeof e[1] === 'string'));
        const signed = (fields['openid.signed'] ?? '').split(',').filter(Boolean);
        const expected = Buffer.from(signature(key, fields, signed));
        const given = Buffer.from(fields['openid.sig'] ?? '');
        const valid =
          SIGNED.every((name) => signed.includes(name)) &&
          fields['openid.assoc_handle'] === assocHandle &&
          expected.length === given.length &&
          timingSafeEqual(expected, given);
        return reply.type('text/plain').send(`ns:${OPENID_NS}\nis_valid:${valid ? 'true' : 'false'}\n`);
      }
      const returnTo = form['openid.return_to'] ?? '';
      const steamId = (form.steamId ?? '').trim();
      if (form['openid.mode'] !== 'dev_sign_in' || !URL.canParse(returnTo) || !/^\d{1,20}$/.test(steamId)) {
        return reply.code(400).type('text/html').send(page('<h1>Steam (development)</h1><p>Enter a numeric Steam ID.</p>'));
      }
      const identity = `${base}${DEV_STEAM_ID_PATH}${steamId}`;
      const fields: Record<string, string> = {
        'openid.ns': OPENID_NS,
        'openid.mode': 'id_res',
        'openid.op_endpoint': `${base}${DEV_STEAM_LOGIN_PATH}`,
        'openid.claimed_id': identity,
        'openid.identity': identity,
        'openid.return_to': returnTo,
        'openid.response_nonce': `${new Date(now()).toISOString().slice(0, 19)}Z${randomBytes(6).toString('hex')}`,
        'openid.assoc_handle': assocHandle,
        'openid.signed': SIGNED.join(','),
      };
      fields['openid.sig'] = signature(key, fields, SIGNED);
      const target = new URL(returnTo);
      for (const [name, value] of Object.entries(fields)) target.searchParams.set(name, value);
      // The popup must stay its opener's: no opener policy severs them on the way back.
      reply.header('cross-origin-opener-policy', 'unsafe-none');
      return reply.redirect(target.toString(), 302);
    });
  });
}
