/**
 * Issue 16 end to end on a cluster: a private PostgreSQL, two server nodes
 * and HAProxy in front (src/server/cluster/stack.ts, what `npm run cluster`
 * starts), on a clock running 10× (one billing minute every 6 s).
 *
 * - socket.io's polling fallback through the proxy: each session's polls
 *   stick to the node that answered its handshake, and stations spread over
 *   both nodes;
 * - a kiosk connected through the proxy is unlocked by an `unlock-guest` sent
 *   to the OTHER node; kill -9 the node holding its socket and it is back
 *   through the survivor within 3.5 s of the SPEC's retry (1–3 s), with the
 *   same session and its minutes, and billing carries on: every millisecond
 *   played is billed once (no double, no missed minute).
 */
import pg from 'pg';
import { io as connectIo, type Socket } from 'socket.io-client';
import { haproxyBinary } from '../../src/server/cluster/haproxy.js';
import { postgresBinDir } from '../../src/server/cluster/postgres.js';
import { startStack, stationsConnected, type ClusterNode, type Stack } from '../../src/server/cluster/stack.js';
import { adminToken, cafe as runCafe, registerServerClock, demoStation, killHard, RENDERER_DIR, startWebShell, stationCredential, type Running } from '../support/processes.js';
import { expect, shoot, test } from './fixtures.js';
import type { StationRow } from './realtime-support.js';

/** SPEC §realtime: after a lost connection the kiosk retries after a random 1 to 3 s. */
const SPEC_RETRY_MAX_MS = 3_000;
/** …and must be back within 3.5 s of that retry (issue 3, issue 16). */
const RECONNECT_BUDGET_MS = 3_500;
const CLOCK_SPEED = 10;
const MINUTE = 60_000;
const PREPAID_MINUTES = 60;

const ci = process.env.CI === 'true' || process.env.CI === '1';
const missing = [!postgresBinDir() && 'postgresql', !haproxyBinary() && 'haproxy'].filter(Boolean);
// CI installs both (scripts/setup.mjs test); elsewhere the spec says what is missing instead of failing.
test.skip(missing.length > 0 && !ci, `Debian packages missing: ${missing.join(', ')} (node scripts/setup.mjs test)`);

test.describe.configure({ mode: 'serial' });

let stack: Stack | undefined;
let shell: Running | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  stack = await startStack({ nodes: 2, clockSpeed: CLOCK_SPEED, rendererDir: RENDERER_DIR });
  // The owner's authenticator code follows the nodes' clock.
  const running = stack;
  for (const url of [running.url, ...running.nodes.map((n) => n.url)]) registerServerClock(url, () => running.clockNow(), CLOCK_SPEED);
});

test.afterAll(async () => {
  await shell?.stop();
  await stack?.stop();
});

async function connectedPerNode(s: Stack): Promise<number[]> {
  return Promise.all(
    s.nodes.map((n) => (n.process.exitCode === null && n.process.signalCode === null ? stationsConnected(n, s.metricsToken) : 0)),
  );
}

/** A station's socket over socket.io's polling transport only (no websocket), through the front door. */
async function pollingStation(frontUrl: string, number: number, credential: string): Promise<Socket> {
  const station = demoStation(number);
  const socket = connectIo(`${frontUrl}/events`, {
    query: { clientType: 'station', stationId: station.id, macAddress: station.mac, ipAddress: '127.0.0.1', stationName: station.pcName, userId: '' },
    auth: { stationCredential: credential },
    transports: ['polling'],
    upgrade: false,
    reconnection: false,
    forceNew: true,
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', (error) => reject(error));
  });
  return socket;
}

test('socket.io polling through the proxy: a session sticks to its node, stations spread over both', async () => {
  const s = stack!;
  const numbers = [3, 4, 5, 6];
  const credentials = await Promise.all(numbers.map((n) => stationCredential(s.url, n)));
  const sockets = await Promise.all(numbers.map((n, i) => pollingStation(s.url, n, credentials[i]!)));
  const drops: string[] = [];
  sockets.forEach((socket, i) => socket.on('disconnect', (reason) => drops.push(`st-0${numbers[i]}: ${reason}`)));
  try {
    await expect.poll(() => connectedPerNode(s).then((c) => c.reduce((a, b) => a + b, 0))).toBe(numbers.length);
    // leastconn: both nodes hold some of them.
    const perNode = await connectedPerNode(s);
    expect(perNode.every((count) => count > 0), `stations per node: ${perNode.join(', ')}`).toBe(true);
    // Many polls later (a status report each, answered by the node holding the session) nobody was dropped:
    // without stickiness half the polls land on the node that does not know the session ("Session ID unknown").
    for (let round = 0; round < 5; round += 1) {
      const timestamp = new Date(Date.now() + round).toISOString();
      await Promise.all(
        sockets.map(
          (socket, i) =>
            new Promise<void>((resolve, reject) => {
              const timer = setTimeout(() => reject(new Error(`st-0${numbers[i]}: no stationStatusAck in round ${round}`)), 5_000);
              socket.on('stationStatusAck', (ack: { timestamp?: string }) => {
                if (ack.timestamp !== timestamp) return;
                clearTimeout(timer);
                resolve();
              });
              const { id, mac } = demoStation(numbers[i]!);
              socket.emit('station_status_update', { status: 'available', timestamp, stationId: id, macAddress: mac });
            }),
        ),
      );
    }
    expect(drops).toEqual([]);
    expect(sockets.every((socket) => socket.connected && socket.io.engine.transport.name === 'polling')).toBe(true);
  } finally {
    for (const socket of sockets) socket.close();
  }
  await expect.poll(() => connectedPerNode(s).then((c) => c.reduce((a, b) => a + b, 0))).toBe(0);
});

type SessionBilling = {
  started_at: string;
  last_billed_at: string;
  billed_ms: number;
  prepaid_minutes_left: number;
  ended_at: string | null;
};

async function sessionBilling(s: Stack, sessionId: string): Promise<SessionBilling> {
  const client = new pg.Client({ connectionString: s.databaseUrl });
  await client.connect();
  try {
    const r = await client.query<SessionBilling>(
      'select started_at, last_billed_at, billed_ms::int as billed_ms, prepaid_minutes_left, ended_at from client_sessions where id = $1',
      [sessionId],
    );
    if (!r.rows[0]) throw new Error(`no session ${sessionId}`);
    return r.rows[0];
  } finally {
    await client.end();
  }
}

let token: string | undefined;
/** GET /admin/stations through the front door with one admin token (logging in for every look would spend the login budget). */
async function stationRow(frontUrl: string, stationId: string): Promise<StationRow> {
  token ??= await adminToken(frontUrl);
  const res = await fetch(`${frontUrl}/admin/stations`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET /admin/stations answered ${res.status}`);
  const row = ((await res.json()) as StationRow[]).find((r) => r.id === stationId);
  if (!row) throw new Error(`no station ${stationId}`);
  return row;
}

const clockText = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, '0')}`;
/** The kiosk's clock shows these minutes, or the next tick's (a tick every 6 s of real time). */
const clockTexts = (minutes: number) => new RegExp(`^(${clockText(minutes)}|${clockText(minutes - 1)})$`);

test('kill -9 the node holding the kiosk: back through the survivor within 3.5 s of the retry, session and minutes intact, billed once', async ({ page }) => {
  test.setTimeout(180_000);
  const s = stack!;
  const station = demoStation(1);
  shell = await startWebShell(s.url, 1);
  await page.goto(shell.url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  // Which node holds the kiosk's socket: the one whose /metrics counts it.
  await expect.poll(() => connectedPerNode(s).then((c) => c.reduce((a, b) => a + b, 0)), { timeout: 10_000 }).toBe(1);
  const counts = await connectedPerNode(s);
  const holder: ClusterNode = s.nodes[counts.indexOf(1)]!;
  const other: ClusterNode = s.nodes.find((n) => n !== holder)!;

  // Staff unlock it through the OTHER node: the command crosses the postgres adapter.
  const unlocked = await runCafe(other.url, 'unlock-guest', station.id, '--minutes', String(PREPAID_MINUTES));
  expect(unlocked.code, unlocked.stderr).toBe(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  const sessionId = (await stationRow(s.url, station.id)).currentSession?.sessionId;
  expect(sessionId).toBeTruthy();
  const started = Date.parse((await sessionBilling(s, sessionId!)).started_at);

  /** What the prepaid minutes must read at clock time `now`: billing lags at most one tick, never runs ahead. */
  const expectedLeft = (now: number) => {
    const played = Math.floor((now - started) / MINUTE);
    return [PREPAID_MINUTES - played, PREPAID_MINUTES - played + 1];
  };
  const checkMinutes = async () => {
    const before = s.clockNow();
    const left = (await stationRow(s.url, station.id)).currentSession?.remainingMinutes;
    const after = s.clockNow();
    expect(left).toBeGreaterThanOrEqual(expectedLeft(after)[0]!);
    expect(left).toBeLessThanOrEqual(expectedLeft(before)[1]!);
    return left!;
  };

  // A couple of billing minutes on the first node.
  await expect.poll(() => sessionBilling(s, sessionId!).then((b) => b.prepaid_minutes_left), { timeout: 20_000 }).toBeLessThanOrEqual(PREPAID_MINUTES - 2);
  const leftBefore = await checkMinutes();
  await expect(page.getByTestId('session-clock-value')).toHaveText(clockTexts(leftBefore), { timeout: 7_000 });

  // kill -9 the node holding the socket.
  await killHard(holder);
  const banner = page.getByTestId('connection-banner');
  await expect(banner).toBeVisible({ timeout: 5_000 });
  const lost = Date.now();
  await expect(banner).toBeHidden({ timeout: SPEC_RETRY_MAX_MS + RECONNECT_BUDGET_MS });
  const backMs = Date.now() - lost;
  test.info().annotations.push({ type: 'failover-ms', description: String(backMs) });
  console.log(`kiosk back through the survivor ${backMs} ms after the banner (budget ${SPEC_RETRY_MAX_MS} + ${RECONNECT_BUDGET_MS} ms)`);

  // Through the survivor: the same session, its minutes as the clock says, the kiosk still on its dashboard.
  await expect.poll(() => stationsConnected(other, s.metricsToken), { timeout: 5_000 }).toBe(1);
  const row = await stationRow(s.url, station.id);
  expect(row.currentSession?.sessionId).toBe(sessionId);
  expect(row.status).toBe('in_use');
  await expect(page).toHaveURL(/\/dashboard$/);
  const leftAfterFailover = await checkMinutes();
  await shoot(page, '16-cluster-after-failover');

  // Billing carries on on the survivor: three more clock minutes, each billed once.
  await expect
    .poll(() => sessionBilling(s, sessionId!).then((b) => b.prepaid_minutes_left), { timeout: 30_000 })
    .toBeLessThanOrEqual(leftAfterFailover - 3);
  const left = await checkMinutes();
  await expect(page.getByTestId('session-clock-value')).toHaveText(clockTexts(left), { timeout: 7_000 });

  // No double, no missed charge: the time billed is exactly the time from the start to the last charge, and the
  // minutes left are what that time leaves.
  const billing = await sessionBilling(s, sessionId!);
  expect(billing.ended_at).toBeNull();
  expect(billing.billed_ms).toBe(Date.parse(billing.last_billed_at) - started);
  expect(billing.prepaid_minutes_left).toBe(PREPAID_MINUTES - Math.floor(billing.billed_ms / MINUTE));
});
