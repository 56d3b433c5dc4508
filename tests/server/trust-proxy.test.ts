/**
 * Behind the cluster's proxy every request reaches a node from the proxy's
 * address. With --trust-proxy naming the proxy, the node takes the caller's
 * address from X-Forwarded-For (what HAProxy's `option forwardfor` adds), so
 * a per-address budget holds one caller back, not the whole cafe; without it,
 * a caller cannot pick its own address by sending the header.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_LOGIN_RATE_LIMIT } from '../../src/server/app.js';
import { startServer, type TestServer } from './support/harness.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Failed admin logins from `forwardedFor` (as the proxy would name the caller) until refused; the statuses. */
async function wrongLogins(url: string, forwardedFor: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await fetch(`${url}/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      // A different name each time: only the per-address budget (20 a minute) is in play.
      body: JSON.stringify({ username: `nobody${i}`, password: 'wrong-password' }),
    });
    statuses.push(res.status);
  }
  return statuses;
}

describe('--trust-proxy', () => {
  it('a trusted proxy: each station behind it has its own login budget', async () => {
    server = await startServer({ trustProxy: ['127.0.0.1'], budgetScale: 1, loginRateLimit: DEFAULT_LOGIN_RATE_LIMIT });
    const first = await wrongLogins(server.url, '10.0.0.1', 21);
    expect(first.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(first[20]).toBe(429);
    // Another station behind the same proxy is not held back by the first one's budget.
    expect(await wrongLogins(server.url, '10.0.0.2', 1)).toEqual([401]);
  }, 60_000);

  it('no trusted proxy: X-Forwarded-For is ignored, a caller cannot dodge its budget by naming another address', async () => {
    server = await startServer({ budgetScale: 1, loginRateLimit: DEFAULT_LOGIN_RATE_LIMIT });
    const first = await wrongLogins(server.url, '10.0.0.1', 21);
    expect(first[20]).toBe(429);
    expect(await wrongLogins(server.url, '10.0.0.2', 1)).toEqual([429]);
  }, 60_000);
});
