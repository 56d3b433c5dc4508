/**
 * Enrolment against real local servers: the HTTP(S) exchange with its TLS
 * pinning (enrolment-client.ts), and the start-up flow that stores the
 * credential in real files in temporary directories (enrolment.ts).
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialPath } from '../../src/main/station/credential-store.js';
import { EnrolmentError, exchangePairingCode } from '../../src/main/station/enrolment-client.js';
import { ensureStationCredential } from '../../src/main/station/enrolment.js';
import type { EnrolmentConfig } from '../../src/main/station/enrolment.js';
import { FAKE_CREDENTIAL, granted, selfSignedCertificate, startEnrolmentServer } from './support/enrolment-server.js';
import type { EnrolmentServer, Reply, TestCertificate } from './support/enrolment-server.js';

const CODE = 'K7M2-Q9XD';
const tempDir = () => mkdtempSync(join(tmpdir(), 'spawnpoint-enrol-'));

async function failure(promise: Promise<unknown>): Promise<EnrolmentError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(EnrolmentError);
    return error as EnrolmentError;
  }
  throw new Error('expected an EnrolmentError');
}

let cert: TestCertificate;
let otherCert: TestCertificate;
beforeAll(async () => {
  [cert, otherCert] = await Promise.all([selfSignedCertificate(), selfSignedCertificate()]);
});

const servers: EnrolmentServer[] = [];
async function server(reply: (body: { stationId: string; pairingCode: string }) => Reply | 'hang', tls?: TestCertificate) {
  const started = await startEnrolmentServer({ reply, ...(tls ? { tls } : {}) });
  servers.push(started);
  return started;
}
afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

describe('the exchange over http', () => {
  it('sends the station, the code, the MAC and the PC name, and returns the credential', async () => {
    const cafe = await server((body) => granted(body, null));
    const result = await exchangePairingCode({
      serverUrl: cafe.url,
      stationId: 'st-01',
      pairingCode: CODE,
      macAddress: '02:53:50:00:00:01',
      pcName: 'PC-01',
    });
    expect(result).toEqual({ stationCredential: FAKE_CREDENTIAL, certificateFingerprint: null });
    expect(cafe.received).toEqual([{ stationId: 'st-01', pairingCode: CODE, macAddress: '02:53:50:00:00:01', pcName: 'PC-01' }]);
  });

  it.each([
    [401, { message: 'Pairing code is wrong, expired or used' }, 'refused', /refused the pairing code .*: Pairing code is wrong, expired or used$/],
    [400, { message: 'stationId is required' }, 'bad-request', /rejected the enrolment request: stationId is required/],
    [429, { message: 'Too many attempts' }, 'rate-limited', /limiting enrolment attempts/],
    [404, { message: 'Not found' }, 'server', /has no \/station-enrolment\/exchange/],
    [500, 'oops', 'server', /answered 500$/],
    [200, 'not json', 'response', /not JSON/],
    [200, { stationId: 'st-01', stationCredential: 'short' }, 'response', /without a station credential/],
    [200, { stationId: 'st-02', stationCredential: FAKE_CREDENTIAL, certificateFingerprint: null }, 'response', /without a station credential for this station/],
  ] as const)('answer %s %j → %s', async (status, body, kind, message) => {
    const cafe = await server(() => ({ status, body }));
    const error = await failure(exchangePairingCode({ serverUrl: cafe.url, stationId: 'st-01', pairingCode: CODE }));
    expect(error.failure).toBe(kind);
    expect(error.message).toMatch(message);
  });

  it('never repeats the code, even when the server echoes it, and strips control characters', async () => {
    const cafe = await server(() => ({ status: 401, body: { message: `code ${CODE} (${CODE.replace('-', '')}) is used\u001b[2J` } }));
    const error = await failure(exchangePairingCode({ serverUrl: cafe.url, stationId: 'st-01', pairingCode: CODE }));
    expect(error.message).toContain('code [redacted] ([redacted]) is used');
    expect(error.message).not.toContain('K7M2');
    // eslint-disable-next-line no-control-regex -- the escape the server sent must be gone
    expect(error.message).not.toMatch(/\u001b/);
  });

  it('reports an unreachable server and a silent one', async () => {
    const closed = await server(() => 'hang');
    const url = closed.url;
    await closed.close();
    const unreachable = await failure(exchangePairingCode({ serverUrl: url, stationId: 'st-01', pairingCode: CODE }));
    expect([unreachable.failure, unreachable.message]).toEqual(['network', `cannot reach ${url}: ECONNREFUSED`]);

    const silent = await server(() => 'hang');
    const timeout = await failure(exchangePairingCode({ serverUrl: silent.url, stationId: 'st-01', pairingCode: CODE, timeoutMs: 300 }));
    expect([timeout.failure, timeout.message]).toEqual(['network', `${silent.url} did not answer within 300 ms`]);
  });
});

describe('the exchange over https (certificate pinning)', () => {
  it('trusts a self-signed certificate on first use and returns its fingerprint', async () => {
    const cafe = await server((body) => granted(body, cert.fingerprint256), cert);
    const result = await exchangePairingCode({ serverUrl: cafe.url, stationId: 'st-01', pairingCode: CODE });
    expect(result).toEqual({ stationCredential: FAKE_CREDENTIAL, certificateFingerprint: cert.fingerprint256 });
  });

  it('accepts the server whose certificate matches serverFingerprint (any case)', async () => {
    const cafe = await server((body) => granted(body, cert.fingerprint256), cert);
    const result = await exchangePairingCode({
      serverUrl: cafe.url,
      stationId: 'st-01',
      pairingCode: CODE,
      expectedFingerprint: cert.fingerprint256.toLowerCase(),
    });
    expect(result.certificateFingerprint).toBe(cert.fingerprint256);
  });

  it('does not send the code to a server whose certificate is not the expected one', async () => {
    const impostor = await server((body) => granted(body, otherCert.fingerprint256), otherCert);
    const error = await failure(
      exchangePairingCode({ serverUrl: impostor.url, stationId: 'st-01', pairingCode: CODE, expectedFingerprint: cert.fingerprint256 }),
    );
    expect(error.failure).toBe('certificate');
    expect(error.message).toBe(
      `the server's certificate (${otherCert.fingerprint256}) does not match serverFingerprint ${cert.fingerprint256}; the pairing code was not sent`,
    );
    expect(impostor.connections()).toBe(1);
    expect(impostor.received).toEqual([]);
  });

  it('refuses a credential when the certificate seen is not the one the server says it serves (a relay in between)', async () => {
    const relay = await server((body) => granted(body, otherCert.fingerprint256), cert);
    const error = await failure(exchangePairingCode({ serverUrl: relay.url, stationId: 'st-01', pairingCode: CODE }));
    expect(error.failure).toBe('certificate');
    expect(error.message).toMatch(/is not the one the server says it serves/);
  });
});

describe('enrolment at start (real files)', () => {
  const config = (serverUrl: string, dataDir: string, extra: Partial<EnrolmentConfig> = {}): EnrolmentConfig => ({
    serverUrl,
    stationId: 'st-01',
    dataDir,
    pairingCode: CODE,
    ...extra,
  });

  it('exchanges the code once, stores the credential 0600, and uses the stored one afterwards', async () => {
    const cafe = await server((body) => granted(body, null));
    const dataDir = tempDir();
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const identity = () => ({ macAddress: '02:53:50:00:00:01', pcName: 'PC-01' });
    const now = () => new Date('2026-11-23T07:00:00.000Z');

    const first = await ensureStationCredential({ config: config(cafe.url, dataDir), log, identity, now });
    expect(first).toEqual({ stationCredential: FAKE_CREDENTIAL, pinnedFingerprint: null, state: 'enrolled' });
    expect(cafe.received).toEqual([{ stationId: 'st-01', pairingCode: CODE, macAddress: '02:53:50:00:00:01', pcName: 'PC-01' }]);
    const path = credentialPath(dataDir);
    expect(JSON.parse(readFileSync(path, 'utf8'))).toEqual({
      serverUrl: cafe.url,
      stationId: 'st-01',
      stationCredential: FAKE_CREDENTIAL,
      certificateFingerprint: null,
      enrolledAt: '2026-11-23T07:00:00.000Z',
      pairingCodeHash: createHash('sha256').update(CODE).digest('hex'),
    });
    expect(readFileSync(path, 'utf8')).not.toContain(CODE);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(lines).toEqual([`enrolment: station st-01 enrolled with ${cafe.url}; credential stored in ${path}`]);

    // The next start: the code is spent, the stored credential is used, nothing is exchanged.
    const second = await ensureStationCredential({ config: config(cafe.url, dataDir), log, identity });
    expect(second).toEqual({ stationCredential: FAKE_CREDENTIAL, pinnedFingerprint: null, state: 'stored' });
    expect(cafe.received).toHaveLength(1);
    expect(lines.at(-1)).toBe(`enrolment: station st-01 is enrolled with ${cafe.url} since 2026-11-23T07:00:00.000Z`);
    expect(lines.join('\n')).not.toContain(CODE);
    expect(lines.join('\n')).not.toContain(FAKE_CREDENTIAL);
  });

  it('runs unenrolled, with one clear line, when the code is refused', async () => {
    const cafe = await server(() => ({ status: 401, body: { message: 'Invalid pairing code' } }));
    const dataDir = tempDir();
    const lines: string[] = [];
    const trust = await ensureStationCredential({ config: config(cafe.url, dataDir), log: (l) => lines.push(l) });
    expect(trust).toEqual({ pinnedFingerprint: null, state: 'unenrolled' });
    expect(lines).toEqual([
      `enrolment: station st-01 could not enrol with ${cafe.url}: the server refused the pairing code (wrong, expired or already used); ask the operator for a new one (npm run cafe -- pair <stationId>): Invalid pairing code; it runs without a station credential`,
    ]);
    expect(() => statSync(credentialPath(dataDir))).toThrow(/ENOENT/);
  });

  it('without a code and without a stored credential, says how to give one', async () => {
    const lines: string[] = [];
    const trust = await ensureStationCredential({
      config: config('http://127.0.0.1:9', tempDir(), { pairingCode: undefined }),
      log: (l) => lines.push(l),
    });
    expect(trust).toEqual({ pinnedFingerprint: null, state: 'unenrolled' });
    expect(lines[0]).toMatch(/not enrolled \(no pairing code: pairingCode in station.json, SPAWNPOINT_PAIRING_CODE or --pairing-code\)/);
  });

  it.each([
    ['not JSON', '{"serverUrl": ', /is not valid JSON/],
    ['a JSON array', '[]', /is not a station credential: the field "\(the file\)" is missing or malformed/],
    [
      'a malformed credential',
      JSON.stringify({ serverUrl: 'x', stationId: 'st-01', stationCredential: 'spst_SECRET', certificateFingerprint: null, enrolledAt: 'today' }),
      /the fields "stationCredential", "enrolledAt" are missing or malformed/,
    ],
  ])('a corrupt file (%s) is reported, never crashes, and is replaced by a new enrolment', async (_case, text, problem) => {
    const cafe = await server((body) => granted(body, null));
    const dataDir = tempDir();
    writeFileSync(credentialPath(dataDir), text);
    const lines: string[] = [];
    const noCode = await ensureStationCredential({ config: config(cafe.url, dataDir, { pairingCode: undefined }), log: (l) => lines.push(l) });
    expect(noCode.state).toBe('unenrolled');
    expect(lines[0]).toMatch(problem);
    expect(lines[0]).toMatch(/the station runs without a credential until it is given a pairing code$/);
    expect(lines.join('\n')).not.toContain('SECRET');

    const withCode = await ensureStationCredential({ config: config(cafe.url, dataDir), log: (l) => lines.push(l) });
    expect(withCode.state).toBe('enrolled');
    expect(JSON.parse(readFileSync(credentialPath(dataDir), 'utf8')).stationCredential).toBe(FAKE_CREDENTIAL);
  });

  it("a credential of another station or server is not used, and a code replaces it", async () => {
    const cafe = await server((body) => granted(body, null));
    const dataDir = tempDir();
    await ensureStationCredential({ config: config(cafe.url, dataDir, { stationId: 'st-02' }), log: () => {} });
    const lines: string[] = [];
    const other = await ensureStationCredential({ config: config(cafe.url, dataDir, { pairingCode: undefined }), log: (l) => lines.push(l) });
    expect(other).toEqual({ pinnedFingerprint: null, state: 'unenrolled' });
    expect(lines[0]).toBe(
      `enrolment: ${credentialPath(dataDir)} holds the credential of station st-02 on ${cafe.url}, not of station st-01 on ${cafe.url}; the station runs without a credential until it is given a pairing code`,
    );
    const replaced = await ensureStationCredential({ config: config(cafe.url, dataDir), log: () => {} });
    expect(replaced.state).toBe('enrolled');
    expect(JSON.parse(readFileSync(credentialPath(dataDir), 'utf8')).stationId).toBe('st-01');
  });

  it('issue 22: a new pairing code in station.json pairs a revoked station again; a spent one keeps the stored credential, tried once', async () => {
    const NEW_CODE = 'Q9XD-K7M2';
    const NEW_CREDENTIAL = `spst_${'n'.repeat(43)}`;
    let answer: (body: { stationId: string; pairingCode: string }) => ReturnType<typeof granted> = (body) => granted(body, null);
    const cafe = await server((body) => answer(body));
    const dataDir = tempDir();
    await ensureStationCredential({ config: config(cafe.url, dataDir), log: () => {} });
    expect(cafe.received).toHaveLength(1);

    // Staff revoked it; the technician writes a new code and restarts.
    answer = (body) => ({ status: 200, body: { stationId: body.stationId, stationCredential: NEW_CREDENTIAL, certificateFingerprint: null } });
    const lines: string[] = [];
    const again = await ensureStationCredential({ config: config(cafe.url, dataDir, { pairingCode: NEW_CODE }), log: (l) => lines.push(l) });
    expect(again).toEqual({ stationCredential: NEW_CREDENTIAL, pinnedFingerprint: null, state: 'enrolled' });
    expect(cafe.received.at(-1)).toMatchObject({ pairingCode: NEW_CODE });
    expect(lines[0]).toBe('enrolment: station.json has a new pairing code for station st-01; pairing again');

    // A code that was already spent elsewhere: the stored credential stays, and the code is not tried at the next start.
    answer = () => ({ status: 401, body: { message: 'Invalid pairing code' } });
    const spent = await ensureStationCredential({ config: config(cafe.url, dataDir, { pairingCode: 'ZZZZ-ZZZZ' }), log: () => {} });
    expect(spent).toEqual({ stationCredential: NEW_CREDENTIAL, pinnedFingerprint: null, state: 'stored' });
    const tries = cafe.received.length;
    await ensureStationCredential({ config: config(cafe.url, dataDir, { pairingCode: 'ZZZZ-ZZZZ' }), log: () => {} });
    expect(cafe.received).toHaveLength(tries);
  });

  it('keeps the credential for this run when it cannot be stored, and says so', async () => {
    const cafe = await server((body) => granted(body, null));
    const blocker = join(tempDir(), 'a-file');
    writeFileSync(blocker, '');
    const dataDir = join(blocker, 'data'); // a directory inside a file: mkdir fails
    const lines: string[] = [];
    const trust = await ensureStationCredential({ config: config(cafe.url, dataDir), log: (l) => lines.push(l) });
    expect(trust).toEqual({ stationCredential: FAKE_CREDENTIAL, pinnedFingerprint: null, state: 'enrolled' });
    expect(lines[0]).toMatch(/ignoring .*station-credential\.json cannot be read \(ENOTDIR\); exchanging the pairing code/);
    expect(lines[1]).toMatch(/enrolled with .*, but the credential cannot be stored in .*station-credential\.json \(ENOTDIR\); it is used until the station restarts/);
  });

  it('pins the https server on first use and keeps the pin', async () => {
    const cafe = await server((body) => granted(body, cert.fingerprint256), cert);
    const dataDir = tempDir();
    const lines: string[] = [];
    const first = await ensureStationCredential({ config: config(cafe.url, dataDir), log: (l) => lines.push(l) });
    expect(first).toEqual({ stationCredential: FAKE_CREDENTIAL, pinnedFingerprint: cert.fingerprint256, state: 'enrolled' });
    expect(lines[0]).toMatch(new RegExp(`server certificate ${cert.fingerprint256} pinned$`));
    const again = await ensureStationCredential({ config: config(cafe.url, dataDir, { pairingCode: undefined }), log: () => {} });
    expect(again.pinnedFingerprint).toBe(cert.fingerprint256);
  });

  it('with serverFingerprint given, an impostor gets no code and the station stays unenrolled', async () => {
    const impostor = await server((body) => granted(body, otherCert.fingerprint256), otherCert);
    const dataDir = tempDir();
    const lines: string[] = [];
    const trust = await ensureStationCredential({
      config: config(impostor.url, dataDir, { serverFingerprint: cert.fingerprint256 }),
      log: (l) => lines.push(l),
    });
    expect(trust).toEqual({ pinnedFingerprint: cert.fingerprint256, state: 'unenrolled' });
    expect(impostor.received).toEqual([]);
    expect(lines[0]).toMatch(/does not match serverFingerprint .*; the pairing code was not sent; it runs without a station credential$/);
  });
});

describe('enrolment never stops the station', () => {
  it('turns an unexpected failure (the OS identity throwing) into one line and no credential', async () => {
    const lines: string[] = [];
    const trust = await ensureStationCredential({
      config: { serverUrl: 'http://127.0.0.1:9', stationId: 'st-01', dataDir: tempDir(), pairingCode: CODE },
      log: (l) => lines.push(l),
      identity: () => {
        throw new Error('no network adapters');
      },
    });
    expect(trust).toEqual({ pinnedFingerprint: null, state: 'unenrolled' });
    expect(lines).toEqual(['enrolment: unexpected error (no network adapters); the station runs without a station credential']);
  });
});
