/**
 * The set-up page's rules (issue 22): a cafe with no owner shows the form for a live link (with the authenticator
 * secret made once and kept sealed with the link); the form needs a valid username, an owner's password twice and
 * the authenticator's current code; the owner is made once, with its second factor on. Each answer is a status and
 * a page (`pages.ts`); the routes only send it.
 */
import { generateSecret, verify } from 'otplib';
import { z } from 'zod';
import { isValidUsernameFormat } from '../../shared/validation/auth.js';
import { isoNow } from '../clock/clock.js';
import type { ServerContext } from '../context.js';
import { hashPassword } from '../crypto/passwords.js';
import { newUserRow } from '../users/new-user.js';
import { formPage, message, OWNER_PASSWORD_MIN_LENGTH } from './pages.js';
import { createOwnerOnce, keepSealedSecret } from './repo.js';
import { liveSetupToken, needsSetup } from './tokens.js';

export const SETUP_GONE = 'This set-up link is no longer valid. On the server machine run: npm run cafe -- init-owner';
export const SETUP_DONE = 'This cafe already has an owner. Sign in at /console/.';

/** What a set-up request gets: an HTTP status and a page. */
export interface SetupAnswer {
  status: number;
  html: string;
}

const form = z.object({
  token: z.string().min(1).max(200),
  username: z.string().trim().min(3).max(32),
  password: z.string().max(256),
  password2: z.string().max(256),
  code: z.string().trim().regex(/^\d{6}$/, 'The code has 6 digits.'),
});

export class SetupService {
  constructor(private readonly ctx: Pick<ServerContext, 'db' | 'clock' | 'secrets' | 'log'>) {}

  /** GET /setup?token=…: the form, or why there is none. */
  async show(token: string): Promise<SetupAnswer> {
    if (!(await needsSetup(this.ctx.db))) return { status: 409, html: message(SETUP_DONE) };
    const secret = await this.secretOf(token);
    if (!secret) return { status: 410, html: message(SETUP_GONE) };
    return { status: 200, html: await formPage(token, secret) };
  }

  /** POST /setup: the first owner, or the form again with the problem. */
  async submit(raw: Record<string, unknown>): Promise<SetupAnswer> {
    const { db, clock, secrets } = this.ctx;
    if (!(await needsSetup(db))) return { status: 409, html: message(SETUP_DONE) };
    const token = typeof raw.token === 'string' ? raw.token : '';
    const secret = await this.secretOf(token);
    if (!secret) return { status: 410, html: message(SETUP_GONE) };
    const again = async (problem: string) => ({ status: 400, html: await formPage(token, secret, problem) });
    const parsed = form.safeParse(raw);
    if (!parsed.success) return again(parsed.error.issues[0]?.message ?? 'Please fill in the form.');
    const { username, password, password2, code } = parsed.data;
    if (!isValidUsernameFormat(username)) return again('The username may use letters, digits, dots and underscores.');
    if (password.length < OWNER_PASSWORD_MIN_LENGTH) return again(`The password needs at least ${OWNER_PASSWORD_MIN_LENGTH} characters.`);
    if (password !== password2) return again('The two passwords differ.');
    const checked = await verify({ secret, token: code, epoch: Math.floor(clock.now() / 1000), epochTolerance: 30 });
    if (!checked.valid) return again('That authenticator code is not right: type the current one.');
    const now = isoNow(clock);
    const owner = newUserRow({ username, type: 'admin', password_hash: await hashPassword(password), created_at: now });
    const made = await createOwnerOnce(db, {
      token,
      owner,
      secretSealed: secrets.seal(secret, owner.id),
      lastStep: Math.floor(clock.now() / 30_000) + checked.delta,
      now,
    });
    if (!made) return { status: 410, html: message(SETUP_GONE) };
    this.ctx.log.warn({ username }, 'first owner created from the set-up link');
    return { status: 200, html: message(`The owner ${username} is ready, with two-step sign-in on. Sign in at /console/.`) };
  }

  /** The authenticator secret this link offers (made once, kept sealed with the link). */
  private async secretOf(token: string): Promise<string | undefined> {
    const { db, clock, secrets } = this.ctx;
    const row = await liveSetupToken(db, clock, token);
    if (!row) return undefined;
    if (row.totp_sealed) return secrets.open(row.totp_sealed, row.token_hash);
    const secret = generateSecret();
    if (await keepSealedSecret(db, row.token_hash, secrets.seal(secret, row.token_hash))) return secret;
    return this.secretOf(token);
  }
}
