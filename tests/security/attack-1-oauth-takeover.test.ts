/**
 * Attack 1: log in as anyone who has an email. check-email used to believe
 * the email in its body and hand back that user's token; the development
 * OAuth provider, on by default, let a phone type any email.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activeSessionAt,
  call,
  enrol,
  messageOf,
  snapshot,
  startCafe,
  startEnrolledCafe,
  type Cafe,
  type Enrolled,
} from './support.js';

const ALI_EMAIL = 'ali@example.com';

async function completeDevSignIn(url: string, sessionId: string, email: string): Promise<number> {
  const res = await fetch(`${url}/oauth/dev/sign-in`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ session: sessionId, provider: 'google', name: 'Ali', email }).toString(),
  });
  return res.status;
}

describe('attack 1: a claimed email never yields a token', () => {
  let cafe: Cafe;
  let st1: Enrolled;
  let st2: Enrolled;

  beforeAll(async () => {
    ({ cafe, stations: [st1, st2] } = await startEnrolledCafe([1, 2], { devOAuth: true }));
  });
  afterAll(() => cafe?.stop());

  it('refuses check-email from a phone on the cafe Wi-Fi (no station, no QR session) and writes nothing', async () => {
    const before = snapshot(cafe.sql);
    const reply = await call(cafe.url, 'POST', '/auth/client/oauth/check-email', {
      body: { email: ALI_EMAIL, provider: 'google', suggestedUsername: 'ali', macAddress: st1.mac },
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(messageOf(reply)).not.toBe('');
    expect(JSON.stringify(reply.body)).not.toContain('accessToken');
    expect(snapshot(cafe.sql)).toEqual(before);
  });

  it('refuses a claimed email even from an enrolled station that has no completed QR session', async () => {
    const before = snapshot(cafe.sql);
    const reply = await call(cafe.url, 'POST', '/auth/client/oauth/check-email', {
      credential: st1.credential,
      body: { email: ALI_EMAIL, provider: 'google', suggestedUsername: 'ali', macAddress: st1.mac },
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(messageOf(reply)).not.toBe('');
    expect(activeSessionAt(cafe.sql, st1.stationId)).toBeUndefined();
    expect(snapshot(cafe.sql)).toEqual(before);
  });

  it("completes only the identity the server verified, at the station that created the QR session", async () => {
    const created = await call(cafe.url, 'POST', '/auth/client/oauth/google/qr-session', { credential: st1.credential });
    expect(created.status).toBe(200);
    const { sessionId } = created.body as { sessionId: string };
    expect(await completeDevSignIn(cafe.url, sessionId, ALI_EMAIL)).toBe(200);

    // Another station, even an enrolled one, cannot spend st-01's completed session.
    const before = snapshot(cafe.sql);
    const stolen = await call(cafe.url, 'POST', '/auth/client/oauth/check-email', {
      credential: st2.credential,
      body: { email: ALI_EMAIL, provider: 'google', suggestedUsername: 'ali', macAddress: st2.mac, sessionId },
    });
    expect(stolen.status).toBeGreaterThanOrEqual(400);
    expect(stolen.status).toBeLessThan(500);
    expect(snapshot(cafe.sql)).toEqual(before);

    // A different email than the verified one gets nothing either.
    const other = await call(cafe.url, 'POST', '/auth/client/oauth/check-email', {
      credential: st1.credential,
      body: { email: 'sara@example.com', provider: 'google', suggestedUsername: 'sara', macAddress: st1.mac, sessionId },
    });
    expect(other.status).toBeGreaterThanOrEqual(400);
    expect(snapshot(cafe.sql)).toEqual(before);

    // The station that created it logs ali in, at itself.
    const mine = await call(cafe.url, 'POST', '/auth/client/oauth/check-email', {
      credential: st1.credential,
      body: { email: ALI_EMAIL, provider: 'google', suggestedUsername: 'ali', macAddress: st2.mac, sessionId },
    });
    expect(mine.status).toBe(200);
    const body = mine.body as { emailExists: boolean; loginData: { stationId: string; accessToken: string } };
    expect(body.emailExists).toBe(true);
    expect(body.loginData.stationId).toBe(st1.stationId);
    expect(activeSessionAt(cafe.sql, st2.stationId)).toBeUndefined();

    // …once: the completed session is used up.
    const again = await call(cafe.url, 'POST', '/auth/client/oauth/check-email', {
      credential: st1.credential,
      body: { email: ALI_EMAIL, provider: 'google', suggestedUsername: 'ali', macAddress: st1.mac, sessionId },
    });
    expect(again.status).toBeGreaterThanOrEqual(400);
  });
});

describe('attack 1: the development OAuth provider is off unless asked for', () => {
  let cafe: Cafe;
  beforeAll(async () => {
    cafe = await startCafe();
  });
  afterAll(() => cafe?.stop());

  it('serves no development sign-in page and issues no QR session that it would complete', async () => {
    const st1 = await enrol(cafe.url, 1);
    // (A GET may fall through to the renderer's SPA page; it is never the sign-in form.)
    const page = await fetch(`${cafe.url}/oauth/dev/sign-in?session=x&provider=google`);
    expect(await page.text()).not.toMatch(/Development provider/i);
    const form = await fetch(`${cafe.url}/oauth/dev/sign-in`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'session=x&provider=google&email=ali%40example.com',
    });
    expect(form.status).toBe(404);
    const created = await call(cafe.url, 'POST', '/auth/client/oauth/google/qr-session', { credential: st1.credential });
    expect(created.status).toBeGreaterThanOrEqual(400);
    expect(created.status).toBeLessThan(500);
    expect(messageOf(created)).toMatch(/provider/i);
  });
});
