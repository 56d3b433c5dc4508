/** The station-credential contract (coord INTERFACES.md): pairing codes, the exchange, what is stored. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cafe as runCafe } from '../support/processes.js';
import {
  adminToken,
  call,
  connectEvents,
  demoStation,
  messageOf,
  pairingCode,
  pause,
  refusedWith,
  startCafe,
  TABLE_NAMES,
  stationQuery,
  type Cafe,
} from './support.js';

const CODE_SHAPE = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

function exchange(url: string, stationId: string, code: string) {
  return call(url, 'POST', '/station-enrolment/exchange', { body: { stationId, pairingCode: code } });
}

describe('station enrolment', () => {
  let cafe: Cafe;
  beforeAll(async () => {
    cafe = await startCafe();
  });
  afterAll(() => cafe?.stop());

  it('issues a Crockford base32 XXXX-XXXX code for 15 minutes, to staff only', async () => {
    const token = await adminToken(cafe.url);
    const reply = await call(cafe.url, 'POST', '/admin/stations/st-01/pairing-code', { token, body: {} });
    expect(reply.status).toBe(200);
    const body = reply.body as { stationId: string; pairingCode: string; expiresAt: string; certificateFingerprint: null };
    expect(body.stationId).toBe('st-01');
    expect(body.pairingCode).toMatch(CODE_SHAPE);
    expect(body.certificateFingerprint).toBeNull();
    const minutes = (Date.parse(body.expiresAt) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(14);
    expect(minutes).toBeLessThanOrEqual(15);

    const anonymous = await call(cafe.url, 'POST', '/admin/stations/st-01/pairing-code', { body: {} });
    expect(anonymous.status).toBe(401);
    const unknown = await call(cafe.url, 'POST', '/admin/stations/st-99/pairing-code', { token, body: {} });
    expect(unknown.status).toBe(404);
  });

  it('exchanges a code once (any case, with or without the hyphen) for a credential stored only as SHA-256', async () => {
    const code = await pairingCode(cafe.url, 'st-02');
    const reply = await exchange(cafe.url, 'st-02', code.replace('-', '').toLowerCase());
    expect(reply.status).toBe(200);
    const body = reply.body as { stationId: string; stationCredential: string; certificateFingerprint: null };
    expect(body.stationId).toBe('st-02');
    expect(body.stationCredential).toMatch(/^spst_[A-Za-z0-9_-]{43}$/);
    expect(body.certificateFingerprint).toBeNull();

    const tables = (cafe.sql.prepare(TABLE_NAMES).all() as { name: string }[]).map(
      (t) => t.name,
    );
    const everything = tables.map((t) => JSON.stringify(cafe.sql.prepare(`select * from "${t}"`).all())).join('\n');
    expect(everything).not.toContain(body.stationCredential);
    expect(everything).toContain(createHash('sha256').update(body.stationCredential).digest('hex'));

    const reused = await exchange(cafe.url, 'st-02', code);
    expect(reused.status).toBe(401);
    expect(messageOf(reused)).not.toBe('');
  });

  it('refuses a wrong code with 401, a code for another station with 401, a bad body with 400', async () => {
    const code = await pairingCode(cafe.url, 'st-03');
    expect((await exchange(cafe.url, 'st-03', 'AAAA-AAAA')).status).toBe(401);
    expect((await exchange(cafe.url, 'st-04', code)).status).toBe(401);
    const bad = await call(cafe.url, 'POST', '/station-enrolment/exchange', { body: { stationId: 'st-03' } });
    expect(bad.status).toBe(400);
    expect(messageOf(bad)).not.toBe('');
    expect((await exchange(cafe.url, 'st-03', code)).status).toBe(200);
  });

  it('a new code voids the older unused one; a new exchange replaces the old credential', async () => {
    const first = await pairingCode(cafe.url, 'st-06');
    const second = await pairingCode(cafe.url, 'st-06');
    expect((await exchange(cafe.url, 'st-06', first)).status).toBe(401);
    const one = (await exchange(cafe.url, 'st-06', second)).body as { stationCredential: string };
    const two = (await exchange(cafe.url, 'st-06', await pairingCode(cafe.url, 'st-06'))).body as { stationCredential: string };
    expect(two.stationCredential).not.toBe(one.stationCredential);
    const station = demoStation(6);
    const beat = (credential: string) =>
      call(cafe.url, 'POST', '/station-heartbeat', {
        credential,
        body: {
          stationId: station.id,
          ipAddress: '10.0.0.6',
          macAddress: station.mac,
          metadata: { pcName: station.pcName, clientVersion: '1.0.0', timestamp: new Date().toISOString() },
        },
      });
    expect((await beat(one.stationCredential)).status).toBe(401);
    expect((await beat(two.stationCredential)).status).toBe(200);
  });

  it('pairing a station again disconnects whoever still holds a socket with the old credential', async () => {
    const old = (await exchange(cafe.url, 'st-05', await pairingCode(cafe.url, 'st-05'))).body as { stationCredential: string };
    const holder = await connectEvents(cafe.url, stationQuery(5), old.stationCredential);
    const dropped = new Promise<void>((resolve) => holder.socket.once('disconnect', () => resolve()));
    const fresh = (await exchange(cafe.url, 'st-05', await pairingCode(cafe.url, 'st-05'))).body as { stationCredential: string };
    await dropped;
    expect(await refusedWith(connectEvents(cafe.url, stationQuery(5), old.stationCredential))).toMatch(/^station_revoked: /);
    const kiosk = await connectEvents(cafe.url, stationQuery(5), fresh.stationCredential);
    kiosk.close();
  });

  it('the operator CLI pairs and revokes', async () => {
    const paired = await runCafe(cafe.url, 'pair', 'st-07');
    expect(paired.code).toBe(0);
    const code = /([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(paired.stdout)?.[1];
    expect(code).toMatch(CODE_SHAPE);
    expect(paired.stdout).toMatch(/expires/i);
    expect((await exchange(cafe.url, 'st-07', code!)).status).toBe(200);
    const revoked = await runCafe(cafe.url, 'revoke', 'st-07');
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toMatch(/st-07/);
  });
});

describe('pairing codes expire', () => {
  let cafe: Cafe;
  beforeAll(async () => {
    // 15 minutes of server time pass in about three seconds (slow enough that the owner's authenticator code, 30 s of server time, can be typed).
    cafe = await startCafe({ clockSpeed: 300 });
  });
  afterAll(() => cafe?.stop());

  it('after 15 minutes', async () => {
    const code = await pairingCode(cafe.url, 'st-01');
    await pause(3200);
    const reply = await exchange(cafe.url, 'st-01', code);
    expect(reply.status).toBe(401);
    expect(messageOf(reply)).toMatch(/expired|invalid/i);
  });
});
