/**
 * The set-up page of a cafe with no owner (issue 22): GET /setup?token=…
 * shows the form with an authenticator secret (QR and text); POST /setup
 * takes the username, the password twice and the current 6-digit code, and in
 * one transaction uses the token up (conditional UPDATE: a second submit
 * fails), creates the owner and turns its second factor on. Plain HTML, no
 * script; the form parser lives in this plugin's scope only, 4 KiB.
 */
import type { FastifyInstance } from 'fastify';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../shared/constants.js';
import { isValidUsernameFormat } from '../../shared/validation/auth.js';
import { hashPassword } from '../crypto/passwords.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { newUserRow } from '../users/new-user.js';
import { hashSetupToken, liveSetupToken, needsSetup, SETUP_PATH } from './tokens.js';

/** An owner's password: longer than a customer's. */
export const OWNER_PASSWORD_MIN_LENGTH = Math.max(12, PASSWORD_MIN_LENGTH);
export const SETUP_GONE = 'This set-up link is no longer valid. On the server machine run: npm run cafe -- init-owner';
export const SETUP_DONE = 'This cafe already has an owner. Sign in at /console/.';

const escape = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const page = (body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Spawnpoint: set up your cafe</title>
<style>
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#07070d;color:#eef0ff;font:16px system-ui,sans-serif}
main{width:min(420px,92vw);padding:28px;border:1px solid #ffffff2e;border-radius:18px;background:#0e0e18}
h1{font-size:20px;margin:0 0 6px}p{color:#9b9dba;font-size:14px}label{display:block;margin:14px 0 4px;font-size:13px;color:#9b9dba}
input{box-sizing:border-box;width:100%;padding:12px;border-radius:10px;border:1px solid #ffffff2e;background:#05050a;color:#eef0ff;font-size:16px}
code{word-break:break-all}img{display:block;margin:8px auto;background:#fff;border-radius:8px}
button{margin-top:20px;width:100%;padding:13px;border:0;border-radius:10px;background:linear-gradient(90deg,#7c5cff,#00e5ff);color:#07070d;font-weight:700;font-size:16px}
</style></head><body><main>${body}</main></body></html>`;

const message = (text: string) => page(`<h1>Spawnpoint</h1><p role="status">${escape(text)}</p>`);

const form = z.object({
  token: z.string().min(1).max(200),
  username: z.string().trim().min(3).max(32),
  password: z.string().max(256),
  password2: z.string().max(256),
  code: z.string().trim().regex(/^\d{6}$/, 'The code has 6 digits.'),
});

async function formPage(ctx: ServerContext, token: string, secret: string, problem?: string): Promise<string> {
  const uri = generateURI({ issuer: 'Spawnpoint', label: 'owner', secret });
  const qr = await QRCode.toDataURL(uri, { margin: 1, width: 200 });
  return page(`<h1>Set up your cafe</h1>
<p>Create the first owner. Choose a password of at least ${OWNER_PASSWORD_MIN_LENGTH} characters and add this key to an authenticator app (Google Authenticator, Aegis, 1Password…), then type its current code.</p>
${problem ? `<p role="alert">${escape(problem)}</p>` : ''}
<img src="${qr}" alt="Authenticator QR code" width="200" height="200">
<p>Key: <code>${escape(secret)}</code></p>
<form method="post" action="${SETUP_PATH}">
<input type="hidden" name="token" value="${escape(token)}">
<label for="username">Owner username</label><input id="username" name="username" autocomplete="username" required>
<label for="password">Password</label><input id="password" name="password" type="password" autocomplete="new-password" required>
<label for="password2">Password again</label><input id="password2" name="password2" type="password" autocomplete="new-password" required>
<label for="code">Authenticator code</label><input id="code" name="code" inputmode="numeric" autocomplete="one-time-code" required>
<button type="submit">Create the owner</button>
</form>`);
}

/** The authenticator secret this link offers (made once, kept sealed with the link). */
async function secretOf(ctx: ServerContext, secrets: SecretBox, token: string): Promise<string | undefined> {
  const row = await liveSetupToken(ctx.db, ctx.clock, token);
  if (!row) return undefined;
  if (row.totp_sealed) return secrets.open(row.totp_sealed, row.token_hash);
  const secret = generateSecret();
  const stored = await ctx.db
    .updateTable('setup_tokens')
    .set({ totp_sealed: secrets.seal(secret, row.token_hash) })
    .where('token_hash', '=', row.token_hash)
    .where('totp_sealed', 'is', null)
    .executeTakeFirst();
  if (Number(stored.numUpdatedRows) === 1) return secret;
  return secretOf(ctx, secrets, token);
}

export function registerSetupRoutes(app: FastifyInstance, ctx: ServerContext, secrets: SecretBox): void {
  app.get(SETUP_PATH, async (request, reply) => {
    reply.type('text/html').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    if (!(await needsSetup(ctx.db))) return reply.code(409).send(message(SETUP_DONE));
    const token = String((request.query as Record<string, unknown>).token ?? '');
    const secret = await secretOf(ctx, secrets, token);
    if (!secret) return reply.code(410).send(message(SETUP_GONE));
    return reply.send(await formPage(ctx, token, secret));
  });

  void app.register(async (scope) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    });
    scope.post(SETUP_PATH, async (request, reply) => {
      reply.type('text/html').header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      if (!(await needsSetup(ctx.db))) return reply.code(409).send(message(SETUP_DONE));
      const raw = (request.body ?? {}) as Record<string, unknown>;
      const token = typeof raw.token === 'string' ? raw.token : '';
      const secret = await secretOf(ctx, secrets, token);
      if (!secret) return reply.code(410).send(message(SETUP_GONE));
      const again = (problem: string) => formPage(ctx, token, secret, problem).then((html) => reply.code(400).send(html));
      const parsed = form.safeParse(raw);
      if (!parsed.success) return again(parsed.error.issues[0]?.message ?? 'Please fill in the form.');
      const { username, password, password2, code } = parsed.data;
      if (!isValidUsernameFormat(username)) return again('The username may use letters, digits, dots and underscores.');
      if (password.length < OWNER_PASSWORD_MIN_LENGTH) return again(`The password needs at least ${OWNER_PASSWORD_MIN_LENGTH} characters.`);
      if (password !== password2) return again('The two passwords differ.');
      const checked = await verify({ secret, token: code, epoch: Math.floor(ctx.clock.now() / 1000), epochTolerance: 30 });
      if (!checked.valid) return again('That authenticator code is not right: type the current one.');
      const now = isoNow(ctx.clock);
      const owner = newUserRow({ username, type: 'admin', password_hash: await hashPassword(password), created_at: now });
      const made = await ctx.db.transaction().execute(async (trx) => {
        const used = await trx
          .updateTable('setup_tokens')
          .set({ used_at: now })
          .where('token_hash', '=', hashSetupToken(token))
          .where('used_at', 'is', null)
          .executeTakeFirst();
        if (Number(used.numUpdatedRows) !== 1) return false;
        if (await trx.selectFrom('users').select('id').where('type', '=', 'admin').executeTakeFirst()) return false;
        await trx.insertInto('users').values(owner).execute();
        await trx
          .insertInto('staff_totp')
          .values({
            user_id: owner.id,
            secret_sealed: secrets.seal(secret, owner.id),
            enabled_at: now,
            // The code typed here is used up.
            last_step: Math.floor(ctx.clock.now() / 30_000) + checked.delta,
            created_at: now,
          })
          .execute();
        await trx.deleteFrom('setup_tokens').where('used_at', 'is', null).execute();
        return true;
      });
      if (!made) return reply.code(410).send(message(SETUP_GONE));
      ctx.log.warn({ username }, 'first owner created from the set-up link');
      return reply.send(message(`The owner ${username} is ready, with two-step sign-in on. Sign in at /console/.`));
    });
  });
}
