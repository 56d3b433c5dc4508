/** Friend codes cannot be walked (issue 14): a customer tries at most 10 codes per 10 minutes, at real budgets. */
import { describe, expect, it } from 'vitest';
import { myFriendCode } from '../../src/shared/api/routes.js';
import { FRIEND_REQUEST_BUDGET } from '../../src/server/social/service.js';
import { api, ok } from './support/harness.js';
import { useServer } from './support/server.js';
import { customerAt } from './store-fixtures.js';

const t = useServer({ server: { budgetScale: 1 } });

describe('POST /social/friends/request budget', () => {
  it('answers 429 after 10 tries in 10 minutes, per customer', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    const sara = await customerAt(t.url, 2, 'sara', 'sara12345');
    const mine = (await ok(t.url, myFriendCode, { token: ali.token })).friendCode;
    const statuses: number[] = [];
    for (let i = 0; i < FRIEND_REQUEST_BUDGET.max + 1; i += 1) {
      const code = `7${String(100000 + i)}`;
      statuses.push((await api(t.url, 'POST', '/social/friends/request', { body: { friendCode: code === mine ? '7999999' : code }, token: ali.token })).status);
    }
    expect(statuses.slice(0, FRIEND_REQUEST_BUDGET.max).every((s) => s === 404 || s === 400)).toBe(true);
    const refused = await api(t.url, 'POST', '/social/friends/request', { body: { friendCode: '7000000' }, token: ali.token });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ message: expect.stringMatching(/^Too many friend requests\. Please try again in \d+ seconds\.$/) });
    // Another customer has their own budget.
    expect((await api(t.url, 'POST', '/social/friends/request', { body: { friendCode: mine }, token: sara.token })).status).toBe(200);
  });
});
