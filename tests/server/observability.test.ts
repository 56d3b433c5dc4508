/**
 * Observability: /metrics (Prometheus text, prom-client) and /health behind
 * the operator credential, request ids through Fastify's pino, credential
 * headers and URL tokens kept out of the logs, the node id on every line.
 */
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { login, stationHeartbeat } from '../../src/shared/api/routes.js';
import { demoMac } from '../../src/server/seed/demo.js';
import { parseServerFlags } from '../../src/server/config/server-flags.js';
import { loggableUrl, requestId } from '../../src/server/observability/logging.js';
import { testingOnPostgres } from '../support/postgres.js';
import { adminToken, connectStation, ok, stationCredential, startServer, type TestServer } from './support/harness.js';

const METRICS_TOKEN = 'scrape-0123456789abcdef';
let current: TestServer | undefined;
let logLines: string[] = [];

async function start(options: { metricsToken?: string; logs?: boolean } = {}): Promise<TestServer> {
  logLines = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString().split('\n').filter(Boolean));
      done();
    },
  });
  current = await startServer({
    nodeId: 'node-a',
    metricsToken: options.metricsToken,
    logger: options.logs ? { level: 'trace', stream } : false,
  });
  return current;
}
afterEach(async () => {
  await current?.close();
  current = undefined;
});

const get = (url: string, path: string, headers: Record<string, string> = {}) => fetch(`${url}${path}`, { headers });
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe('/metrics and /health', () => {
  it('refuse without the operator credential: no token, a wrong one, a customer token', async () => {
    const t = await start({ metricsToken: METRICS_TOKEN });
    for (const path of ['/metrics', '/health']) {
      const none = await get(t.url, path);
      expect(none.status).toBe(401);
      const body = await none.text();
      expect(body).not.toContain('spawnpoint_');
      expect(JSON.parse(body).message).toMatch(/operator credential/);
      expect((await get(t.url, path, bearer('scrape-0123456789abcdeX'))).status).toBe(401);
      expect((await get(t.url, path, { 'x-metrics-token': METRICS_TOKEN })).status).toBe(401);
    }
    const customer = await ok(t.url, login, { body: { username: 'sara', password: 'sara12345', macAddress: demoMac(5) } });
    expect((await get(t.url, '/metrics', bearer(customer.accessToken))).status).toBe(403);
    expect((await get(t.url, '/health', bearer(customer.accessToken))).status).toBe(403);
  });

  it('refuse everyone but the operator when no metrics token is configured', async () => {
    const t = await start();
    expect((await get(t.url, '/metrics', bearer(METRICS_TOKEN))).status).toBe(401);
    const admin = await adminToken(t.url);
    expect((await get(t.url, '/metrics', bearer(admin))).status).toBe(200);
  });

  it('serve the Prometheus text to the metrics token and to an operator token', async () => {
    const t = await start({ metricsToken: METRICS_TOKEN });
    const socket = await connectStation(t.url, 1);
    try {
      await ok(t.url, login, { body: { username: 'sara', password: 'sara12345', macAddress: demoMac(5) } });
      for (let i = 0; i < 3; i += 1) {
        await ok(t.url, stationHeartbeat, {
          body: {
            stationId: 'st-02',
            ipAddress: '192.168.1.22',
            macAddress: demoMac(2),
            metadata: { pcName: 'PC-02', clientVersion: '1.0.0', timestamp: new Date().toISOString() },
          },
        });
      }
      await t.clock.advance(60_000); // one billing tick
      const res = await get(t.url, '/metrics', bearer(METRICS_TOKEN));
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(text).toMatch(/^spawnpoint_stations_connected\{node="node-a"\} 1$/m);
      expect(text).toMatch(/^spawnpoint_sessions_running\{node="node-a"\} 1$/m);
      expect(text).toMatch(/^spawnpoint_heartbeat_duration_seconds_count\{node="node-a",status="200"\} 3$/m);
      // Buckets are there and cumulative; which bucket a heartbeat falls in depends on the machine (never a timed test).
      expect(text).toMatch(/^spawnpoint_heartbeat_duration_seconds_bucket\{le="0\.1",node="node-a",status="200"\} \d$/m);
      expect(text).toMatch(/^spawnpoint_heartbeat_duration_seconds_bucket\{le="\+Inf",node="node-a",status="200"\} 3$/m);
      expect(text).toMatch(/^spawnpoint_heartbeat_batch_size_count\{node="node-a"\} 3$/m);
      expect(text).toMatch(/^spawnpoint_billing_ticks_total\{node="node-a"\} 1$/m);
      // The realtime adapter's lag exists only with an adapter (PostgreSQL, several nodes), never faked on SQLite.
      if (testingOnPostgres()) expect(text).toMatch(/^spawnpoint_adapter_lag_seconds_count\{node="node-a"\} \d+$/m);
      else expect(text).not.toContain('spawnpoint_adapter_lag_seconds');
      expect(text).toMatch(/^process_resident_memory_bytes\{node="node-a"\} \d+/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds\{node="node-a"\} /m);

      const admin = await adminToken(t.url);
      expect((await get(t.url, '/metrics', bearer(admin))).status).toBe(200);
    } finally {
      socket.close();
    }
  });

  it('/health answers the proxy with the node and the database state', async () => {
    const t = await start({ metricsToken: METRICS_TOKEN });
    const res = await get(t.url, '/health', bearer(METRICS_TOKEN));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', node: 'node-a', database: 'ok' });
  });
});

describe('request ids and logs', () => {
  it('echo a safe incoming X-Request-Id, replace an unsafe one, and log every line of the request with it', async () => {
    const t = await start({ logs: true });
    const kept = await get(t.url, '/station-details', { 'x-request-id': 'proxy-42.a:b' });
    expect(kept.headers.get('x-request-id')).toBe('proxy-42.a:b');
    const unsafe = await get(t.url, '/station-details', { 'x-request-id': 'evil\tid {"level":60}' });
    const replaced = unsafe.headers.get('x-request-id');
    expect(replaced).toMatch(/^[0-9a-f-]{36}$/);
    const fresh = await get(t.url, '/nowhere');
    expect(fresh.status).toBe(404);
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const lines = logLines.map((l) => JSON.parse(l) as { reqId?: string; node?: string });
    expect(lines.filter((l) => l.reqId === 'proxy-42.a:b').length).toBeGreaterThanOrEqual(2); // incoming + completed
    expect(lines.filter((l) => l.reqId === replaced).length).toBeGreaterThanOrEqual(2);
    expect(lines.every((l) => l.node === 'node-a')).toBe(true);
    expect(logLines.join('\n')).not.toContain('evil');
  });

  it('never write a token, a station credential or a URL secret to the logs', async () => {
    const t = await start({ metricsToken: METRICS_TOKEN, logs: true });
    const admin = await adminToken(t.url);
    const credential = stationCredential(t.url, 2);
    await get(t.url, '/metrics', bearer(METRICS_TOKEN));
    await get(t.url, '/metrics', bearer(admin));
    await get(t.url, '/metrics', bearer('not-the-token-but-secret-ish'));
    await ok(t.url, stationHeartbeat, {
      body: {
        stationId: 'st-02',
        ipAddress: '192.168.1.22',
        macAddress: demoMac(2),
        metadata: { pcName: 'PC-02', clientVersion: '1.0.0', timestamp: new Date().toISOString() },
      },
    });
    await get(t.url, '/auth/verify-email?token=emailsecret123456&lang=ar');
    // A logged header object is censored too (a handler that logs request.headers).
    t.server.app.log.info({ headers: { authorization: `Bearer ${admin}`, 'x-station-credential': credential } }, 'headers');
    const text = logLines.join('\n');
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [METRICS_TOKEN, admin, credential, 'not-the-token-but-secret-ish', 'emailsecret123456']) {
      expect(text).not.toContain(secret);
    }
    expect(text).toContain('[REDACTED]');
    expect(text).toContain('lang=ar');
  });

  it('the helpers: safe ids only, secret-looking query values replaced', () => {
    const req = (id?: string) => ({ headers: id === undefined ? {} : { 'x-request-id': id } }) as never;
    expect(requestId(req('abc-123'))).toBe('abc-123');
    expect(requestId(req('x'.repeat(65)))).not.toBe('x'.repeat(65));
    expect(requestId(req('a b'))).toMatch(/^[0-9a-f-]{36}$/);
    expect(requestId(req())).toMatch(/^[0-9a-f-]{36}$/);
    expect(loggableUrl('/a?token=s1&code=s2&page=3&oauth_state=s3')).toBe(
      '/a?token=%5BREDACTED%5D&code=%5BREDACTED%5D&page=3&oauth_state=%5BREDACTED%5D',
    );
    expect(loggableUrl('/plain')).toBe('/plain');
  });
});

describe('flags', () => {
  it('--node-id and --metrics-token (or their env), a short token refused', () => {
    expect(parseServerFlags(['--node-id', 'n1', '--metrics-token', METRICS_TOKEN])).toMatchObject({
      nodeId: 'n1',
      metricsToken: METRICS_TOKEN,
    });
    expect(parseServerFlags([], { SPAWNPOINT_NODE_ID: 'n2', SPAWNPOINT_METRICS_TOKEN: METRICS_TOKEN })).toMatchObject({
      nodeId: 'n2',
      metricsToken: METRICS_TOKEN,
    });
    expect(() => parseServerFlags(['--metrics-token', 'short'])).toThrow(/at least 16/);
    expect(() => parseServerFlags(['--node-id', 'a b'])).toThrow(/--node-id/);
  });
});
