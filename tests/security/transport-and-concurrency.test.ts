/**
 * Transport: --tls serves HTTPS/WSS with a certificate generated at first
 * start (kept in the data directory) whose fingerprint the pairing code and
 * the exchange carry. Money and enrolment under concurrent requests: a card
 * is redeemed once, a pairing code exchanged once.
 */
import { X509Certificate } from 'node:crypto';
import { demoAdminCodes } from '../support/demo-admin.js';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, pairingCode, startCafe, userRow, type Cafe } from './support.js';

/** An HTTPS call that accepts the self-signed certificate and reports the one it saw. */
function httpsCall(url: string, method: string, path: string, body?: unknown, token?: string) {
  const target = new URL(path, url);
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise<{ status: number; body: unknown; fingerprint: string }>((resolve, reject) => {
    const req = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: target.pathname,
        method,
        rejectUnauthorized: false,
        headers: {
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const fingerprint = (res.socket as TLSSocket).getPeerX509Certificate()?.fingerprint256 ?? '';
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || 'null'), fingerprint }));
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

describe('transport: --tls', () => {
  let cafe: Cafe;
  beforeAll(async () => {
    cafe = await startCafe({ args: ['--tls'] });
  });
  afterAll(() => cafe?.stop());

  it('serves HTTPS with a certificate generated and kept in the data directory, and hands out its fingerprint', async () => {
    expect(cafe.url).toMatch(/^https:\/\//);
    const certFile = join(cafe.dataDir, 'tls-cert.pem');
    expect(existsSync(certFile)).toBe(true);
    expect(statSync(join(cafe.dataDir, 'tls-key.pem')).mode & 0o077).toBe(0);
    const fingerprint = new X509Certificate(readFileSync(certFile)).fingerprint256;
    expect(fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);

    const login = await httpsCall(cafe.url, 'POST', '/admin/login', { username: 'admin', password: 'admin123', totp: demoAdminCodes(Date.now())[1] });
    expect(login.status).toBe(200);
    expect(login.fingerprint).toBe(fingerprint);
    const token = (login.body as { accessToken: string }).accessToken;
    const code = await httpsCall(cafe.url, 'POST', '/admin/stations/st-01/pairing-code', {}, token);
    expect(code.body).toMatchObject({ stationId: 'st-01', certificateFingerprint: fingerprint });
    const exchanged = await httpsCall(cafe.url, 'POST', '/station-enrolment/exchange', {
      stationId: 'st-01',
      pairingCode: (code.body as { pairingCode: string }).pairingCode,
    });
    expect(exchanged.status).toBe(200);
    expect(exchanged.body).toMatchObject({ stationId: 'st-01', certificateFingerprint: fingerprint });
  });
});

describe('concurrent requests', () => {
  let cafe: Cafe;
  beforeAll(async () => {
    cafe = await startCafe();
  });
  afterAll(() => cafe?.stop());

  it('redeems a prepaid card once, however many ask at the same instant', async () => {
    const before = userRow(cafe.sql, 'sara')!.balance;
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(cafe.url, 'POST', '/prepaid-cards/redeem-with-username', { body: { code: 'RC-DEMO-5000-0001', username: 'sara' } }),
      ),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status !== 200).every((r) => r.status === 400)).toBe(true);
    expect(userRow(cafe.sql, 'sara')!.balance).toBe(before + 5000);
  });

  it('exchanges a pairing code once, however many ask at the same instant', async () => {
    const code = await pairingCode(cafe.url, 'st-04');
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => call(cafe.url, 'POST', '/station-enrolment/exchange', { body: { stationId: 'st-04', pairingCode: code } })),
    );
    expect(replies.filter((r) => r.status === 200)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 401)).toHaveLength(4);
    const rows = cafe.sql.prepare("select count(*) as n from station_credentials where station_id = 'st-04'").get() as { n: number };
    expect(rows.n).toBe(1);
  });
});
