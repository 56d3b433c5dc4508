/**
 * Station load: N simulated stations against one server process, each a real
 * socket.io client on /events that POSTs /station-heartbeat every 20 s and
 * sends a station_status_update (waiting for its stationStatusAck) every 20 s,
 * at random phases. N grows in steps; a step passes while the heartbeat p99
 * stays under 100 ms with no failures. Reports the largest passing N and the
 * server's resident memory there. Loopback only; bounded in N and in time.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { io, type Socket } from 'socket.io-client';
import { CLIENT_VERSION, HEARTBEAT_INTERVAL_MS } from '../src/shared/constants.js';
import { newCredential, sha256 } from '../src/server/stations/enrolment.js';
import { startServer, type Running } from '../tests/support/processes.js';
import { percentile, rssMiB, serverPid } from './support.js';

export const LOAD_STEPS = [250, 500, 1000, 2000, 3000, 4000, 5000, 6000, 8000, 10000];
export const HEARTBEAT_P99_LIMIT_MS = 100;
/** Each step measures one full heartbeat interval after its stations are connected. */
const WINDOW_MS = HEARTBEAT_INTERVAL_MS;
const CONNECT_BATCH = 100;
const CALL_TIMEOUT_MS = 5_000;

export interface LoadStep {
  stations: number;
  heartbeats: number;
  heartbeatP50: number;
  heartbeatP99: number;
  statusAckP99: number;
  /** The load generator's own event-loop delay p99: how much of the latency is this process. */
  generatorLagP99: number;
  failures: number;
  rssMiB: number;
  passed: boolean;
}

export interface LoadResult {
  steps: LoadStep[];
  /** The largest N that passed, or 0. */
  maxStations: number;
  rssAtMax: number;
}

interface Sample {
  at: number;
  ms: number;
}

const benchId = (i: number) => `bench-${String(i).padStart(5, '0')}`;
const benchMac = (i: number) => {
  const hex = i.toString(16).padStart(6, '0');
  return `0A:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`.toUpperCase();
};

/**
 * Registers and enrols `count` extra stations straight in the (stopped)
 * server's database: each gets a credential, of which only the SHA-256 is
 * stored, as an exchange would (thousands of pairing-code exchanges from one
 * IP would only measure the enrolment budget). Returns the credentials.
 */
function seedStations(dbPath: string, count: number): string[] {
  const db = new Database(dbPath);
  const credentials: string[] = [];
  try {
    const now = new Date().toISOString();
    const insert = db.prepare(
      `INSERT INTO stations (id, number, name, mac_address, group_id, status, ip_address, last_heartbeat_at, created_at)
       VALUES (?, ?, ?, ?, NULL, 'available', ?, NULL, ?)`,
    );
    const enrol = db.prepare(
      'INSERT INTO station_credentials (station_id, credential_hash, mac_address, pc_name, created_at) VALUES (?, ?, ?, ?, ?)',
    );
    db.transaction(() => {
      for (let i = 1; i <= count; i += 1) {
        insert.run(benchId(i), 1000 + i, `BENCH-${i}`, benchMac(i), '127.0.0.1', now);
        const credential = newCredential();
        enrol.run(benchId(i), sha256(credential), benchMac(i), `BENCH-${i}`, now);
        credentials.push(credential);
      }
    })();
  } finally {
    db.close();
  }
  return credentials;
}

class SimulatedStation {
  private socket: Socket | null = null;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly url: string,
    private readonly index: number,
    private readonly credential: string,
    private readonly record: { heartbeat: Sample[]; ack: Sample[]; failures: Sample[] },
  ) {}

  connect(): Promise<void> {
    const socket = io(`${this.url}/events`, {
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { stationCredential: this.credential },
      query: {
        clientType: 'station',
        stationId: benchId(this.index),
        macAddress: benchMac(this.index),
        ipAddress: '127.0.0.1',
        stationName: `BENCH-${this.index}`,
        userId: '',
      },
    });
    this.socket = socket;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('connect timeout')), 30_000);
      socket.once('connect', () => {
        clearTimeout(timer);
        resolve();
      });
      socket.once('connect_error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
    });
  }

  /** Heartbeat and status loops at random phases, like stations booted at different times. */
  run(): void {
    const heartbeatPhase = Math.random() * HEARTBEAT_INTERVAL_MS;
    const statusPhase = Math.random() * HEARTBEAT_INTERVAL_MS;
    this.timers.push(
      setTimeout(() => {
        void this.heartbeat();
        this.timers.push(setInterval(() => void this.heartbeat(), HEARTBEAT_INTERVAL_MS));
      }, heartbeatPhase),
      setTimeout(() => {
        this.status();
        this.timers.push(setInterval(() => this.status(), HEARTBEAT_INTERVAL_MS));
      }, statusPhase),
    );
  }

  private async heartbeat(): Promise<void> {
    const started = performance.now();
    try {
      const res = await fetch(`${this.url}/station-heartbeat`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-station-credential': this.credential },
        body: JSON.stringify({
          stationId: benchId(this.index),
          ipAddress: '127.0.0.1',
          macAddress: benchMac(this.index),
          metadata: { pcName: `BENCH-${this.index}`, clientVersion: CLIENT_VERSION, timestamp: new Date().toISOString() },
        }),
        signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
      });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(String(res.status));
      this.record.heartbeat.push({ at: Date.now(), ms: performance.now() - started });
    } catch {
      this.record.failures.push({ at: Date.now(), ms: performance.now() - started });
    }
  }

  private status(): void {
    const socket = this.socket;
    if (!socket?.connected) return;
    const started = performance.now();
    const timestamp = Date.now();
    const onAck = (ack: { timestamp?: unknown }) => {
      if (ack.timestamp !== timestamp) return;
      socket.off('stationStatusAck', onAck);
      this.record.ack.push({ at: Date.now(), ms: performance.now() - started });
    };
    socket.on('stationStatusAck', onAck);
    socket.emit('station_status_update', {
      status: 'in_use',
      timestamp,
      stationId: benchId(this.index),
      macAddress: benchMac(this.index),
    });
  }

  close(): void {
    this.timers.forEach((t) => clearTimeout(t));
    this.socket?.close();
  }
}

const within = (samples: Sample[], from: number, to: number) =>
  samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms);

export async function benchLoad(options: { steps?: number[]; budgetMs?: number } = {}): Promise<LoadResult> {
  const steps = options.steps ?? LOAD_STEPS;
  const deadline = Date.now() + (options.budgetMs ?? 10 * 60_000);
  const maxStations = Math.max(...steps);
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-bench-'));
  const dbPath = join(dir, 'cafe.sqlite');
  let server: Running | undefined;
  const stations: SimulatedStation[] = [];
  const record = { heartbeat: [] as Sample[], ack: [] as Sample[], failures: [] as Sample[] };
  const result: LoadResult = { steps: [], maxStations: 0, rssAtMax: 0 };
  try {
    // Create the schema and the demo cafe, then register the simulated stations.
    const first = await startServer({ dbPath });
    await first.stop();
    const credentials = seedStations(dbPath, maxStations);
    server = await startServer({ dbPath });
    const url = server.url;

    for (const n of steps) {
      if (Date.now() > deadline) {
        console.log(`bench load: time budget spent before N=${n}; stopping`);
        break;
      }
      let connectFailed = false;
      while (stations.length < n) {
        const batch: SimulatedStation[] = [];
        for (let i = 0; i < CONNECT_BATCH && stations.length + batch.length < n; i += 1) {
          const index = stations.length + batch.length + 1;
          batch.push(new SimulatedStation(url, index, credentials[index - 1]!, record));
        }
        const outcomes = await Promise.allSettled(batch.map((s) => s.connect()));
        stations.push(...batch);
        if (outcomes.some((o) => o.status === 'rejected')) {
          connectFailed = true;
          break;
        }
        batch.forEach((s) => s.run());
      }
      // Let the new stations' first beats spread over the interval, then measure one interval.
      const lag = monitorEventLoopDelay({ resolution: 10 });
      lag.enable();
      const from = Date.now();
      await new Promise((resolve) => setTimeout(resolve, WINDOW_MS));
      lag.disable();
      const to = Date.now();
      const beats = within(record.heartbeat, from, to);
      const failures = within(record.failures, from, to).length + (connectFailed ? 1 : 0);
      const step: LoadStep = {
        stations: n,
        heartbeats: beats.length,
        heartbeatP50: percentile(beats, 50),
        heartbeatP99: percentile(beats, 99),
        statusAckP99: percentile(within(record.ack, from, to), 99),
        generatorLagP99: lag.percentile(99) / 1e6,
        failures,
        rssMiB: rssMiB(serverPid(server)),
        passed: false,
      };
      step.passed = failures === 0 && beats.length > 0 && step.heartbeatP99 < HEARTBEAT_P99_LIMIT_MS;
      result.steps.push(step);
      console.log(
        `bench load: N=${n}  heartbeats=${step.heartbeats}  p50=${step.heartbeatP50.toFixed(1)} ms  ` +
          `p99=${step.heartbeatP99.toFixed(1)} ms  status-ack p99=${step.statusAckP99.toFixed(1)} ms  ` +
          `generator lag p99=${step.generatorLagP99.toFixed(1)} ms  ` +
          `failures=${failures}  server RSS=${step.rssMiB.toFixed(0)} MiB  ${step.passed ? 'PASS' : 'FAIL'}`,
      );
      if (!step.passed) break;
      result.maxStations = n;
      result.rssAtMax = step.rssMiB;
    }
  } finally {
    stations.forEach((s) => s.close());
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}
