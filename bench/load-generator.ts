/**
 * One load-generator process of the station-load bench (bench/load.ts forks
 * `--generators N` of them): simulated stations, each a real socket.io
 * client on /events that POSTs /station-heartbeat every 20 s and sends a
 * station_status_update (waiting for its stationStatusAck) every 20 s, at
 * random phases. Driven over IPC:
 *
 *   → { type: 'add', url, stations: [{ index, credential }] }   ← { type: 'added', failed }
 *   → { type: 'measure', ms }   ← { type: 'measured', heartbeats, acks, failures, lagP99 }
 *   → { type: 'stop' }          (closes every station and exits)
 *
 * `measure` reports the latencies of the window and this process's own
 * event-loop delay p99 over it: a saturated generator shows up there instead
 * of being mistaken for a slow server.
 */
import { Agent, request } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { io, type Socket } from 'socket.io-client';
import { CLIENT_VERSION, HEARTBEAT_INTERVAL_MS } from '../src/shared/constants.js';

const CONNECT_BATCH = 100;
const CALL_TIMEOUT_MS = 5_000;
/**
 * Heartbeats go over a bounded keep-alive pool: the server's open files are
 * one per station socket plus these, so a slow server cannot make the
 * generator open thousands of extra connections (and run it out of files).
 */
const HTTP_CONNECTIONS = 128;
const agent = new Agent({ keepAlive: true, maxSockets: HTTP_CONNECTIONS });

/** POST a JSON body; resolves with the status code once the answer is read. */
function postJson(url: string, headers: Record<string, string>, body: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { ...headers, 'content-length': Buffer.byteLength(body) } }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.setTimeout(CALL_TIMEOUT_MS, () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

export const benchId = (i: number) => `bench-${String(i).padStart(5, '0')}`;
export const benchMac = (i: number) => {
  const hex = i.toString(16).padStart(6, '0');
  return `0A:00:00:${hex.slice(0, 2)}:${hex.slice(2, 4)}:${hex.slice(4, 6)}`.toUpperCase();
};

export type GeneratorCommand =
  | { type: 'add'; url: string; stations: { index: number; credential: string }[] }
  | { type: 'measure'; ms: number }
  | { type: 'stop' };

export type GeneratorReport =
  | { type: 'added'; failed: number; error?: string }
  | { type: 'measured'; heartbeats: number[]; acks: number[]; failures: number; lagP99: number };

interface Sample {
  at: number;
  ms: number;
}

const record = { heartbeat: [] as Sample[], ack: [] as Sample[], failures: [] as number[] };

class SimulatedStation {
  private socket: Socket | null = null;
  private timers: NodeJS.Timeout[] = [];

  constructor(
    private readonly url: string,
    private readonly index: number,
    private readonly credential: string,
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
      const status = await postJson(
        `${this.url}/station-heartbeat`,
        { 'content-type': 'application/json', 'x-station-credential': this.credential },
        JSON.stringify({
          stationId: benchId(this.index),
          ipAddress: '127.0.0.1',
          macAddress: benchMac(this.index),
          metadata: { pcName: `BENCH-${this.index}`, clientVersion: CLIENT_VERSION, timestamp: new Date().toISOString() },
        }),
      );
      if (status !== 200) throw new Error(String(status));
      record.heartbeat.push({ at: Date.now(), ms: performance.now() - started });
    } catch {
      record.failures.push(Date.now());
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
      record.ack.push({ at: Date.now(), ms: performance.now() - started });
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

const stations: SimulatedStation[] = [];
const send = (report: GeneratorReport) => process.send?.(report);

async function add(url: string, list: { index: number; credential: string }[]): Promise<void> {
  let failed = 0;
  let error: string | undefined;
  for (let i = 0; i < list.length; i += CONNECT_BATCH) {
    const batch = list.slice(i, i + CONNECT_BATCH).map((s) => new SimulatedStation(url, s.index, s.credential));
    const outcomes = await Promise.allSettled(batch.map((s) => s.connect()));
    stations.push(...batch);
    for (const outcome of outcomes) {
      if (outcome.status === 'rejected') {
        failed += 1;
        error ??= String(outcome.reason);
      }
    }
    batch.forEach((s, k) => outcomes[k]!.status === 'fulfilled' && s.run());
  }
  send({ type: 'added', failed, ...(error ? { error } : {}) });
}

async function measure(ms: number): Promise<void> {
  const lag = monitorEventLoopDelay({ resolution: 10 });
  lag.enable();
  const from = Date.now();
  await new Promise((resolve) => setTimeout(resolve, ms));
  lag.disable();
  const to = Date.now();
  const within = (samples: Sample[]) => samples.filter((s) => s.at >= from && s.at < to).map((s) => s.ms);
  send({
    type: 'measured',
    heartbeats: within(record.heartbeat),
    acks: within(record.ack),
    failures: record.failures.filter((at) => at >= from && at < to).length,
    lagP99: lag.percentile(99) / 1e6,
  });
  // Older samples are no longer needed.
  record.heartbeat = record.heartbeat.filter((s) => s.at >= to);
  record.ack = record.ack.filter((s) => s.at >= to);
  record.failures = record.failures.filter((at) => at >= to);
}

process.on('message', (command: GeneratorCommand) => {
  if (command.type === 'add') void add(command.url, command.stations);
  else if (command.type === 'measure') void measure(command.ms);
  else {
    stations.forEach((s) => s.close());
    setTimeout(() => process.exit(0), 200);
  }
});
process.on('disconnect', () => process.exit(0));
