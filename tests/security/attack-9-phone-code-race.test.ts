/**
 * Attack 9: guess a six-digit phone code faster than its attempts are counted.
 * A code allows 5 attempts, but the count was read, compared and written back
 * (`attempts = read + 1`): guesses sent at the same moment all read the same
 * count, each was compared, and their writes overwrote each other. With many
 * callers (addresses) the budget per address does not help; the code's own
 * count is the guard, so each attempt is now taken by one conditional UPDATE
 * before its guess is compared.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startCafe, type Cafe } from './support.js';

const PHONE = '+9647712345678';

describe('attack 9: racing guesses at a phone code', () => {
  let cafe: Cafe;
  beforeAll(async () => {
    cafe = await startCafe();
  });
  afterAll(() => cafe?.stop());

  it('compares at most 5 guesses per code, however many arrive at once', async () => {
    expect((await call(cafe.url, 'POST', '/auth/phone/start', { body: { phone: PHONE } })).status).toBe(200);
    const { code } = cafe.sql.prepare('select code from phone_codes where phone = ?').get(PHONE) as { code: string };
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');

    // Nine wrong guesses at once (the address's and the number's budgets allow ten in the window)…
    const guesses = await Promise.all(Array.from({ length: 9 }, () => call(cafe.url, 'POST', '/auth/phone/check', { body: { phone: PHONE, code: wrong } })));
    for (const guess of guesses) expect(guess.body).toEqual({ verified: false });
    // …then the right code, as the tenth: the code's five attempts are spent, so it no longer opens anything.
    const right = await call(cafe.url, 'POST', '/auth/phone/check', { body: { phone: PHONE, code } });
    expect(right.body).toEqual({ verified: false });
    const row = cafe.sql.prepare('select attempts from phone_codes where phone = ?').get(PHONE) as { attempts: number };
    expect(Number(row.attempts)).toBe(5);
  });
});
