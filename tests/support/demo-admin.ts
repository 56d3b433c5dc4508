/**
 * The demo owner the tests act as (`admin`, seeded with a published
 * authenticator secret): an owner without an authenticator gets no admin
 * token (issue 22), so the tests sign in with its code like anyone else.
 * A step's code is accepted once; the tests try the previous step's code
 * first (still accepted, one step of drift), so a console sign-in with the
 * current code in the same 30 seconds still works.
 */
import { DEMO_ADMIN } from '../../src/server/seed/console.js';
import { SECOND_FACTOR_LOCK_MS } from '../../src/server/authority/second-factor.js';
import { totpNow } from './console-client.js';

/** The demo admin's codes to try at server time `atMs`: the previous step's, the current, the next. */
export function demoAdminCodes(atMs: number): string[] {
  return [atMs - 30_000, atMs, atMs + 30_000].map((at) => totpNow(DEMO_ADMIN.totpSecret, at));
}

/**
 * Signs the demo admin in with `login(totp)` (status, token): the previous
 * step's code first, then the current and the next one, each computed at
 * the server's time of that attempt; at most four tries, under the
 * lockout's five. A fast test clock (`speed`) moves a step in milliseconds,
 * so a round can miss: then it waits out the lockout (15 minutes of server
 * time, under a second at ×1200) and tries once more.
 */
export async function signInDemoAdmin(
  atMs: () => number,
  login: (totp: string) => Promise<{ status: number; accessToken?: string; message?: string }>,
  speed = 1,
): Promise<string> {
  let last = '';
  // Two rounds at most: eight tries stay under the login budget (10 a minute per address and name).
  const rounds = speed >= 100 ? 2 : 1;
  for (let round = 0; round < rounds; round++) {
    if (round > 0) await new Promise((resolve) => setTimeout(resolve, (SECOND_FACTOR_LOCK_MS + 60_000) / speed));
    for (const offset of [-1, 0, 1, 0]) {
      const reply = await login(demoAdminCodes(atMs())[offset + 1]!);
      if (reply.accessToken) return reply.accessToken;
      last = `${reply.status} ${reply.message ?? ''}`;
      if (reply.status !== 401) break;
    }
  }
  throw new Error(`the demo admin could not sign in: ${last}`);
}
