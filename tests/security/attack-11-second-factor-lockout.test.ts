/**
 * Issue 22 item 9: second-factor guesses were limited per IP only. Now wrong
 * codes are counted per account: the fifth wrong one in a row locks the
 * account's second factor for 15 minutes — even the right code is refused,
 * from any address — and the owners are told (an audit line and a live
 * `securityAlert` to the consoles).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECOND_FACTOR_MAX_FAILURES } from '../../src/server/authority/second-factor.js';
import { DEMO_OWNER } from '../../src/server/seed/console.js';
import { totpNow } from '../support/console-client.js';
import { call, messageOf, startCafe, type Cafe } from './support.js';

let cafe: Cafe;

beforeAll(async () => {
  cafe = await startCafe();
}, 60_000);

afterAll(async () => {
  await cafe?.stop();
});

const wrongCode = (right: string) => String((Number(right) + 1) % 1_000_000).padStart(6, '0');

describe('wrong second-factor codes lock the account, not only the address', () => {
  it('after five wrong codes the right one is refused (429) and the owners are told', async () => {
    const login = (totp: string) =>
      call(cafe.url, 'POST', '/admin/login', { body: { username: DEMO_OWNER.username, password: DEMO_OWNER.password, totp } });
    for (let i = 0; i < SECOND_FACTOR_MAX_FAILURES; i++) {
      const reply = await login(wrongCode(totpNow()));
      expect(reply.status).toBe(401);
    }
    const right = await login(totpNow());
    expect(right.status).toBe(429);
    expect(messageOf(right)).toMatch(/locked/);
    expect((right.body as { accessToken?: string }).accessToken).toBeUndefined();
    const viaConsole = await call(cafe.url, 'POST', '/admin/console/login', {
      body: { username: DEMO_OWNER.username, password: DEMO_OWNER.password, totp: totpNow() },
      headers: { origin: cafe.url },
    });
    expect(viaConsole.status).toBe(429);
    const alert = cafe.sql
      .prepare("select staff_username, status_code from audit_log where action = 'security.second-factor-locked'")
      .all() as { staff_username: string; status_code: number }[];
    expect(alert).toEqual([{ staff_username: DEMO_OWNER.username, status_code: 429 }]);
  });
});
