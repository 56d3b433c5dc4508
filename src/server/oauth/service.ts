/**
 * QR sign-in's rules (SPEC §7, issue 25): a QR session per request of an enrolled station; its status, where a
 * verified Steam id linked to an account is a login at that station (SPEC §4); check-email, which trusts no email in
 * its body and completes only an identity the server verified itself, in a QR session of the asking station; the
 * development provider's page; and the phone's trip through a configured provider (state, PKCE and nonce kept
 * server-side and spent once). Pages and redirects are answers the routes only send.
 */
import { z } from 'zod';
import type { oauthCheckEmail } from '../../shared/api/routes.js';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../shared/entities.js';
import { isValidEmail } from '../../shared/validation/auth.js';
import { signInAtStation } from '../auth/station-login.js';
import { badRequest, notFound, unauthorized } from '../base/errors.js';
import type { ServerContext } from '../context.js';
import type { StationRow } from '../db/schema.js';
import { BUDGETS } from '../http/budgets.js';
import { devSignInPage, devSignedInPage } from './dev-page.js';
import { callbackPath, DEV_SIGN_IN_PATH, type OAuthProviderAdapter } from './providers.js';
import { userBySteamId, userByVerifiedEmail } from './repo.js';
import { QR_SESSION_TTL_MS, QrSessions } from './sessions.js';
import { SignInTrips } from './trips.js';

export const NO_PROVIDER =
  'No OAuth provider is configured on this cafe server (the development provider needs --dev-oauth).';
export const UNVERIFIED_IDENTITY =
  'No completed QR sign-in for this email at this station: scan the QR code and sign in on your phone first.';
const EXPIRED_LINK = 'This sign-in link has expired. Generate a new QR code at the station.';
const EXPIRED_TRIP = 'This sign-in link has expired or was already used. Generate a new QR code at the station.';
const FAILED_TRIP = 'The sign-in could not be verified. Generate a new QR code at the station and try again.';
const SIGNED_IN = 'Signed in. You can go back to the station now.';

/** A username suggestion from a name or an email: letters and digits, at most one inner dot. */
export function suggestUsername(source: string): string {
  const parts = source
    .split('@')[0]!
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9.]/g, '')
    .split('.')
    .filter(Boolean);
  const name = parts.length > 1 ? `${parts[0]}.${parts.slice(1).join('')}` : (parts[0] ?? '');
  return name.slice(0, 32) || 'player';
}

const devForm = z.object({
  session: z.string().min(1).max(64),
  provider: z.enum(OAUTH_PROVIDERS),
  name: z.string().trim().max(64).default(''),
  email: z.string().trim().max(254).default(''),
  steamId: z.string().trim().max(20).default(''),
});

/** A page for the phone: an HTTP status and its message. */
export interface PhonePage {
  status: number;
  message: string;
}

type CheckEmailBody = z.output<typeof oauthCheckEmail.body>;

export class QrSignInService {
  private readonly sessions: QrSessions;
  private readonly trips: SignInTrips;

  constructor(
    private readonly ctx: ServerContext,
    /** The adapter the phone signs in with; null: QR login is off. */
    readonly provider: OAuthProviderAdapter | null,
  ) {
    this.sessions = new QrSessions(ctx.db, ctx.clock);
    this.trips = new SignInTrips(ctx.db, ctx.clock);
  }

  offered() {
    return { providers: this.provider?.offered() ?? [] };
  }

  async createSession(providerId: OAuthProvider, station: StationRow) {
    await this.ctx.budgets.take(BUDGETS.qrStation, station.id, 'Too many QR codes requested.');
    if (!this.provider?.offered().some((p) => p.id === providerId)) throw notFound(NO_PROVIDER);
    const session = await this.sessions.create(providerId, station.id);
    const authUrl = this.provider.authUrl(session, this.ctx.publicUrl());
    if (!authUrl) throw notFound(NO_PROVIDER);
    return { sessionId: session.id, authUrl, expiresIn: QR_SESSION_TTL_MS / 1000 };
  }

  async status(sessionId: string, station: StationRow) {
    const { status, userData } = await this.sessions.status(sessionId, station.id);
    if (!userData) return { status, userData: null };
    // A verified Steam id linked to an account is a login at this station (the status hands a completion over once).
    if (userData.provider === 'steam' && userData.steamId) {
      const user = await userBySteamId(this.ctx.db, userData.steamId);
      if (user) return { status, userData: { ...userData, loginData: await signInAtStation(this.ctx, user, station) } };
    }
    return { status, userData: { ...userData, loginData: null } };
  }

  async checkEmail(body: CheckEmailBody, sessionId: string | undefined, station: StationRow) {
    await this.ctx.budgets.take(BUDGETS.checkEmailStation, station.id, 'Too many sign-in checks.');
    const email = body.email.trim();
    if (!isValidEmail(email)) throw badRequest('Please enter a valid email address');
    const verified = await this.sessions.take(station.id, email, sessionId);
    if (!verified?.email) throw unauthorized(UNVERIFIED_IDENTITY);
    const user = await userByVerifiedEmail(this.ctx.db, verified.email);
    if (user) return { emailExists: true, loginData: await signInAtStation(this.ctx, user, station), userData: null };
    return {
      emailExists: false,
      loginData: null,
      userData: {
        email: verified.email,
        suggestedUsername: body.suggestedUsername || suggestUsername(verified.email),
        name: verified.name,
        provider: verified.provider,
      },
    };
  }

  /** The development provider's sign-in page for a pending QR session. */
  async devPage(sessionId: string): Promise<{ status: number; html: string }> {
    const session = await this.sessions.pending(sessionId);
    if (!session) return { status: 410, html: devSignedInPage(EXPIRED_LINK) };
    return { status: 200, html: devSignInPage(session.id, session.provider, DEV_SIGN_IN_PATH) };
  }

  /** The development provider's form: anyone types any name and email (demos and tests only). */
  async devSubmit(raw: unknown): Promise<PhonePage> {
    const form = devForm.safeParse(raw ?? {});
    if (!form.success) return { status: 400, message: 'Please fill in the form.' };
    const { session, provider: id, name, email, steamId } = form.data;
    if (id !== 'steam' && !isValidEmail(email)) return { status: 400, message: 'Please enter a valid email address.' };
    const done = await this.sessions.complete(session, {
      provider: id,
      email: id === 'steam' ? null : email,
      username: suggestUsername(name || email || 'player'),
      name: name || null,
      steamId: id === 'steam' ? steamId || null : null,
    });
    return done ? { status: 200, message: SIGNED_IN } : { status: 410, message: EXPIRED_LINK };
  }

  private adapterOf(name: string) {
    return (OAUTH_PROVIDERS as readonly string[]).includes(name) ? this.provider?.adapter(name as OAuthProvider) : undefined;
  }

  private redirectUri(id: OAuthProvider) {
    return `${this.ctx.publicUrl()}${callbackPath(id)}`;
  }

  /** GET /oauth/:provider/start (from the QR code): on to the provider with a fresh state, PKCE verifier and nonce. */
  async startTrip(name: string, ip: string, sessionId: string): Promise<{ redirect: string } | PhonePage> {
    const adapter = this.adapterOf(name);
    if (!adapter) return { status: 404, message: NO_PROVIDER };
    await this.ctx.budgets.take(BUDGETS.qrStation, `trip|${ip}`, 'Too many sign-in attempts.');
    const session = await this.sessions.pending(sessionId);
    if (!session || session.provider !== adapter.provider) return { status: 410, message: EXPIRED_TRIP };
    let trip;
    try {
      trip = await adapter.start(this.redirectUri(adapter.provider));
    } catch (error) {
      this.ctx.log.warn({ provider: adapter.provider, reason: (error as Error).message }, 'sign-in provider unreachable');
      return { status: 502, message: FAILED_TRIP };
    }
    await this.trips.keep(session, trip);
    return { redirect: trip.url };
  }

  /** The provider's answer: the state is spent once and the adapter verifies the answer before the QR session completes. */
  async finishTrip(name: string, answer: Record<string, unknown>): Promise<PhonePage> {
    const adapter = this.adapterOf(name);
    if (!adapter) return { status: 404, message: NO_PROVIDER };
    const fields = Object.entries(answer).filter((e): e is [string, string] => typeof e[1] === 'string');
    const state = fields.find(([key]) => key === 'state')?.[1] ?? '';
    const pending = await this.trips.spend(adapter.provider, state);
    if (!pending) return { status: 400, message: EXPIRED_TRIP };
    const url = new URL(this.redirectUri(adapter.provider));
    for (const [key, value] of fields) url.searchParams.append(key, value);
    let identity;
    try {
      identity = await adapter.finish(url, { ...pending, redirectUri: this.redirectUri(adapter.provider) });
    } catch (error) {
      this.ctx.log.warn({ provider: adapter.provider, reason: (error as Error).message }, 'sign-in answer refused');
      return { status: 400, message: FAILED_TRIP };
    }
    if (!(await this.sessions.complete(pending.sessionId, identity))) return { status: 410, message: EXPIRED_TRIP };
    return { status: 200, message: SIGNED_IN };
  }
}
