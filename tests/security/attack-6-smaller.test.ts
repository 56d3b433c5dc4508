/**
 * Attack 6, the smaller ones: links from the Host header, CORS *, PUT
 * /profile skipping the format and uniqueness rules, statuses and acks
 * outside the contract stored, control characters printed raw by the CLI,
 * no security headers, a world-readable database, synchronous=NORMAL.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/connection.js';
import { cafe as runCafe } from '../support/processes.js';
import { testingOnPostgres } from '../support/postgres.js';
import {
  call,
  callWithHost,
  connectEvents,
  loginAt,
  messageOf,
  pause,
  sendStatus,
  snapshot,
  USER_INDEXES,
  startEnrolledCafe,
  stationQuery,
  tokenOf,
  type Cafe,
  type Enrolled,
} from './support.js';

const PUBLIC_URL = 'https://cafe.example.net';

describe('attack 6', () => {
  let cafe: Cafe;
  let st1: Enrolled;

  beforeAll(async () => {
    ({ cafe, stations: [st1] } = await startEnrolledCafe([1], { publicUrl: PUBLIC_URL }));
  });
  afterAll(() => cafe?.stop());

  it('builds emailed links from the configured public URL, never the Host header', async () => {
    const reply = await callWithHost(cafe.url, 'POST', '/auth/client/forgot-password', 'evil.example', { email: 'ali@example.com' });
    expect(reply.status).toBe(200);
    const mail = cafe.sql.prepare('select body from outbox order by id desc').get() as { body: string };
    expect(mail.body).not.toContain('evil.example');
    expect(mail.body).toContain(`${PUBLIC_URL}/password?token=`);
  });

  it('answers CORS only for the station origins, on HTTP and on socket.io', async () => {
    const evil = await call(cafe.url, 'GET', '/cafe-settings/media/logo', { headers: { origin: 'http://evil.example' } });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const kiosk = await call(cafe.url, 'GET', '/cafe-settings/media/logo', { headers: { origin: 'app://station' } });
    expect(kiosk.headers.get('access-control-allow-origin')).toBe('app://station');
    const shell = await call(cafe.url, 'GET', '/cafe-settings/media/logo', { headers: { origin: 'http://127.0.0.1:5173' } });
    expect(shell.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    const polling = await fetch(`${cafe.url}/socket.io/?EIO=4&transport=polling`, { headers: { origin: 'http://evil.example' } });
    expect(polling.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('sends security headers', async () => {
    const reply = await call(cafe.url, 'GET', '/cafe-settings/media/logo');
    expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    expect(reply.headers.get('x-frame-options')).not.toBeNull();
    expect(reply.headers.get('content-security-policy')).not.toBeNull();
  });

  it('PUT /profile checks the email and phone formats and uniqueness, writing nothing on a refusal', async () => {
    const token = tokenOf(await loginAt(cafe.url, st1, 'sara', 'sara12345'));
    const before = snapshot(cafe.sql);
    const cases: [unknown, number][] = [
      [{ email: 'not-an-email' }, 400],
      [{ phoneNumber: 'call me' }, 400],
      [{ email: 'ALI@example.com' }, 409],
      [{ displayName: 'x'.repeat(500) }, 400],
    ];
    for (const [body, status] of cases) {
      const reply = await call(cafe.url, 'PUT', '/profile', { token, body });
      expect(reply.status, JSON.stringify(body)).toBe(status);
      expect(messageOf(reply)).not.toBe('');
    }
    expect(snapshot(cafe.sql)).toEqual(before);
  });

  it('a changed email is not a login identifier until it is verified', async () => {
    const token = tokenOf(await loginAt(cafe.url, st1, 'sara', 'sara12345'));
    const reply = await call(cafe.url, 'PUT', '/profile', { token, body: { email: 'sara.new@example.com' } });
    expect(reply.status).toBe(200);
    await call(cafe.url, 'POST', '/auth/client/forgot-password', { body: { email: 'sara.new@example.com' } });
    const mails = cafe.sql.prepare("select subject from outbox where recipient = 'sara.new@example.com'").all() as {
      subject: string;
    }[];
    expect(mails.map((m) => m.subject)).toEqual(['Verify your Spawnpoint email']);
  });

  it('keeps email and phone unique in the database itself', () => {
    const indexes = cafe.sql.prepare(USER_INDEXES).all() as {
      sql: string | null;
    }[];
    const text = indexes.map((i) => i.sql ?? '').join('\n');
    expect(text).toMatch(/UNIQUE INDEX[^\n]*\(\s*(lower\()?"?email/i);
    expect(text).toMatch(/UNIQUE INDEX[^\n]*\(\s*"?phone_number/i);
  });

  it('stores only the SPEC statuses and acks only for pending unlocks', async () => {
    const station = await connectEvents(cafe.url, stationQuery(1), st1.credential);
    try {
      await station.next('stationStatusChanged'); // the greeting: the connection is recorded
      await pause(150);
      const before = snapshot(cafe.sql);
      sendStatus(station, st1, 'pwned');
      station.socket.emit('station_unlock_ack', {
        sessionId: 'ses_made_up',
        success: true,
        stationId: st1.stationId,
        macAddress: st1.mac,
        timestamp: new Date().toISOString(),
      });
      await pause(300);
      expect(snapshot(cafe.sql)).toEqual(before);
    } finally {
      station.close();
    }
  });

  it('the operator CLI strips control characters a station sent', async () => {
    const beat = await call(cafe.url, 'POST', '/station-heartbeat', {
      credential: st1.credential,
      body: {
        stationId: st1.stationId,
        ipAddress: '10.0.0.1',
        macAddress: st1.mac,
        metadata: { pcName: 'PC\u001b[2J\u001b]0;owned\u0007-01', clientVersion: '1.0\r\n', timestamp: new Date().toISOString() },
      },
    });
    expect(beat.status).toBe(200);
    const out = await runCafe(cafe.url, 'heartbeats', st1.stationId);
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('PC');
    // eslint-disable-next-line no-control-regex
    expect(out.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f\u0080-\u009f]/);
  });

  it.skipIf(testingOnPostgres())('keeps the database file private to the server user', () => {
    expect(statSync(cafe.dbPath).mode & 0o077).toBe(0);
  });
});

describe('attack 6: durability', () => {
  it('commits money with synchronous = FULL', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-sync-'));
    const db = openDatabase(join(dir, 'x.sqlite'));
    try {
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(rows[0]?.synchronous).toBe(2);
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
