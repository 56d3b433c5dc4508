/**
 * Attack 4: start or steal a session at another PC (logins took the station
 * from the body's MAC), and guess without limit (no budgets on the open
 * routes; the login limit keyed on IP + username; an argon2 flood starved
 * real logins).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSessionAt,
  call,
  loginAt,
  messageOf,
  snapshot,
  startEnrolledCafe,
  type Cafe,
  type Enrolled,
} from './support.js';

describe('attack 4: a session starts only at the station that asked', () => {
  let cafe: Cafe;
  let st1: Enrolled;
  let st2: Enrolled;

  beforeAll(async () => {
    ({ cafe, stations: [st1, st2] } = await startEnrolledCafe([1, 2]));
  });
  afterAll(() => cafe?.stop());

  it('refuses password, NFC and email logins from a phone that names a station by its MAC', async () => {
    const before = snapshot(cafe.sql);
    const attempts = [
      call(cafe.url, 'POST', '/auth/client/login', { body: { username: 'ali', password: 'ali12345', macAddress: st1.mac } }),
      call(cafe.url, 'POST', '/auth/client/nfc-login', { body: { cardUid: '04A1B2C3', macAddress: st1.mac } }),
      call(cafe.url, 'POST', '/auth/client/register', {
        body: { username: 'newbie', password: 'newbie123', email: 'newbie@example.com', macAddress: st1.mac },
      }),
    ];
    for (const reply of await Promise.all(attempts)) {
      expect(reply.status).toBe(401);
      expect(messageOf(reply)).toMatch(/station|credential|enrol/i);
    }
    expect(snapshot(cafe.sql)).toEqual(before);
  });

  it("takes the station from the credential: st-02's typed card UID naming st-01's MAC never touches st-01", async () => {
    const atSt1 = await loginAt(cafe.url, st1, 'sara', 'sara12345');
    expect(atSt1.status).toBe(200);
    const saraSession = activeSessionAt(cafe.sql, st1.stationId)!;
    const reply = await call(cafe.url, 'POST', '/auth/client/nfc-login', {
      credential: st2.credential,
      body: { cardUid: '04A1B2C3', macAddress: st1.mac },
    });
    expect(reply.status).toBe(200);
    expect((reply.body as { stationId: string }).stationId).toBe(st2.stationId);
    // The person at st-01 keeps their session.
    expect(activeSessionAt(cafe.sql, st1.stationId)?.id).toBe(saraSession.id);
    expect(activeSessionAt(cafe.sql, st2.stationId)).toBeDefined();
  });
});

describe('attack 4: budgets on every open route', () => {
  let cafe: Cafe;
  let st3: Enrolled;
  beforeAll(async () => {
    ({ cafe, stations: [st3] } = await startEnrolledCafe([3]));
  });
  afterAll(() => cafe?.stop());

  /** Sends `n` requests one after another; returns their statuses. */
  async function burst(n: number, send: (i: number) => Promise<{ status: number }>): Promise<number[]> {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) statuses.push((await send(i)).status);
    return statuses;
  }

  it('limits NFC card guessing', async () => {
    const statuses = await burst(60, (i) =>
      call(cafe.url, 'POST', '/auth/client/nfc-login', {
        credential: st3.credential,
        body: { cardUid: `0411${String(i).padStart(4, '0')}`, macAddress: st3.mac },
      }),
    );
    expect(statuses).toContain(429);
  });

  it('limits prepaid code guessing on both redeem routes', async () => {
    const byName = await burst(60, (i) =>
      call(cafe.url, 'POST', '/prepaid-cards/redeem-with-username', {
        body: { code: `RC-GUES-${String(i).padStart(4, '0')}-0000`, username: 'ali' },
      }),
    );
    expect(byName).toContain(429);
    const login = await loginAt(cafe.url, st3, 'ali', 'ali12345');
    const token = (login.body as { accessToken: string }).accessToken;
    const signedIn = await burst(60, (i) =>
      call(cafe.url, 'POST', '/prepaid-cards/redeem', { token, body: { code: `RC-GUES-${String(i).padStart(4, '0')}-0001` } }),
    );
    expect(signedIn).toContain(429);
  });

  it('limits check-email, phone codes (SMS pumping) and check-username', async () => {
    const email = await burst(60, () =>
      call(cafe.url, 'POST', '/auth/client/oauth/check-email', {
        credential: st3.credential,
        body: { email: 'x@example.com', provider: 'google', suggestedUsername: 'x', macAddress: st3.mac },
      }),
    );
    expect(email).toContain(429);
    const sms = await burst(12, () => call(cafe.url, 'POST', '/auth/phone/start', { body: { phone: '+9647700000001' } }));
    expect(sms).toContain(429);
    const sent = cafe.sql.prepare("select count(*) as n from outbox where channel = 'sms'").get() as { n: number };
    expect(sent.n).toBeLessThanOrEqual(5);
    const names = await burst(150, (i) => call(cafe.url, 'GET', `/auth/client/check-username?username=user${i}`));
    expect(names).toContain(429);
  });

  it('limits password logins per IP across usernames (spraying)', async () => {
    const statuses = await burst(40, (i) =>
      call(cafe.url, 'POST', '/auth/client/login', {
        credential: st3.credential,
        body: { username: `spray${i}`, password: 'password1', macAddress: st3.mac },
      }),
    );
    expect(statuses).toContain(429);
    const limited = await call(cafe.url, 'POST', '/auth/client/login', {
      credential: st3.credential,
      body: { username: 'another', password: 'password1', macAddress: st3.mac },
    });
    expect(limited.status).toBe(429);
    expect(messageOf(limited)).toMatch(/too many/i);
  });
});

describe('attack 4: an argon2 flood does not starve a real login', () => {
  let cafe: Cafe;
  let st4: Enrolled;
  beforeAll(async () => {
    ({ cafe, stations: [st4] } = await startEnrolledCafe([4]));
  });
  afterAll(() => cafe?.stop());

  it('answers most of a 40-in-flight flood without hashing, and the real login still succeeds', async () => {
    const flood = Array.from({ length: 40 }, (_, i) =>
      call(cafe.url, 'POST', '/admin/login', { body: { username: `nobody${i}`, password: 'wrong-password' } }),
    );
    const real = loginAt(cafe.url, st4, 'ali', 'ali12345');
    const statuses = (await Promise.all(flood)).map((r) => r.status);
    expect((await real).status).toBe(200);
    // The flood's excess is turned away (429 budget or 503 busy), not queued behind argon2.
    expect(statuses.filter((s) => s === 429 || s === 503).length).toBeGreaterThan(0);
  });
});
