/**
 * A console client for tests, the way the browser page calls the server: the
 * session cookie it was given, the CSRF header on state-changing calls, and
 * the server's own Origin. `totpNow` computes the demo owner's code.
 */
import { generateSync } from 'otplib';
import { CONSOLE_COOKIE, CSRF_HEADER } from '../../src/shared/api/console.js';
import { routePath, type Route } from '../../src/shared/api/route.js';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';

export interface ConsoleReply {
  status: number;
  body: unknown;
  headers: Headers;
}

export function totpNow(secret: string = DEMO_OWNER.totpSecret, atMs: number = Date.now()): string {
  return generateSync({ secret, epoch: Math.floor(atMs / 1000) });
}

export class ConsoleClient {
  cookie: string | null = null;
  csrf: string | null = null;
  constructor(
    readonly url: string,
    readonly origin: string | null = url,
  ) {}

  async call(
    route: Pick<Route, 'method' | 'path'>,
    input: { params?: Record<string, string | number>; body?: unknown; query?: string; csrf?: string | null; origin?: string | null } = {},
  ): Promise<ConsoleReply> {
    const headers: Record<string, string> = {};
    if (this.cookie) headers.cookie = `${CONSOLE_COOKIE}=${this.cookie}`;
    const origin = input.origin === undefined ? this.origin : input.origin;
    if (origin) headers.origin = origin;
    const csrf = input.csrf === undefined ? this.csrf : input.csrf;
    if (csrf && route.method !== 'GET') headers[CSRF_HEADER] = csrf;
    let body: string | undefined;
    if (route.method !== 'GET' && route.method !== 'DELETE') {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(input.body ?? {});
    }
    const res = await fetch(`${this.url}${routePath(route.path, input.params)}${input.query ? `?${input.query}` : ''}`, {
      method: route.method,
      headers,
      body,
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith(`${CONSOLE_COOKIE}=`));
    if (set) {
      const value = set.slice(CONSOLE_COOKIE.length + 1).split(';')[0] ?? '';
      this.cookie = value || null;
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON
    }
    return { status: res.status, body: parsed, headers: res.headers };
  }

  /** Signs in (with the code when the account has TOTP); keeps the cookie and the CSRF token. */
  async signIn(username: string, password: string, totp?: string): Promise<ConsoleReply> {
    const reply = await this.call(
      { method: 'POST', path: '/admin/console/login' },
      { body: { username, password, ...(totp ? { totp } : {}) } },
    );
    const session = (reply.body as { session?: { csrfToken: string } }).session;
    if (session) this.csrf = session.csrfToken;
    return reply;
  }
}

/** A console signed in at `url` as the demo owner (the authenticator's code at `atMs`, the server clock's now); throws unless 200. */
export async function ownerConsole(url: string, atMs: number): Promise<ConsoleClient> {
  return signedIn(url, DEMO_OWNER.username, DEMO_OWNER.password, totpNow(undefined, atMs));
}

/** A console signed in at `url` as the demo desk staff member; throws unless 200. */
export async function deskConsole(url: string): Promise<ConsoleClient> {
  return signedIn(url, DEMO_STAFF.username, DEMO_STAFF.password);
}

/** A console signed in at `url`; throws (failing the test) unless the sign-in answers 200. */
export async function signedIn(url: string, username: string, password: string, totp?: string): Promise<ConsoleClient> {
  const c = new ConsoleClient(url);
  const reply = await c.signIn(username, password, totp);
  if (reply.status !== 200) throw new Error(`console sign-in as ${username}: ${reply.status} ${JSON.stringify(reply.body)}`);
  return c;
}
