/**
 * Station load: N simulated stations against one server process, generated
 * by `generators` child processes (bench/load-generator.ts; default 2) so a
 * saturated generator is not mistaken for the server. Each station is a real
 * socket.io client that POSTs /station-heartbeat every 20 s and sends a
 * status update every 20 s, at random phases.
 *
 * N steps up (500 … 10,000, then on in steps of 2,000–5,000) until the
 * heartbeat p99 passes 100 ms (or a failure, or `max`): that last passing N
 * is the ceiling. One warm-up interval runs before the first measurement;
 * each step measures one full heartbeat interval; a failing step is measured
 * a second time and is the ceiling only if it fails again (a shared machine
 * has blips). Beside each step: every generator's own event-loop lag p99,
 * the server's own heartbeat p99 (its /metrics histogram), the server's CPU
 * use over the window and the machine's load average. Loopback only; bounded in N and time.
 *
 * Issue 27: beside each step, what the server measured itself over exactly that window (its /metrics gauges
 * over the last 20 s): its event-loop delay p99 and max (perf_hooks.monitorEventLoopDelay) and its answered
 * heartbeats' p99 — exact figures, unlike the histogram's bucket bound — and its CPU per 1,000 stations. A server
 * that does not report them (a baseline from before) is measured without them, and the line says why.
 *
 * `cluster: N` (issue 16, `--cluster N`): the same stations against N nodes
 * on one private PostgreSQL behind HAProxy (src/server/cluster/stack.ts), all
 * through the front door; server CPU, RSS and the server-side p99 are summed
 * over the nodes, and each step says how the stations spread over them.
 */
import { spawnSync, fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startStack, stationsConnected, type Stack } from '../src/server/cluster/stack.js';
import { HEARTBEAT_INTERVAL_MS } from '../src/shared/constants.js';
import { newCredential, sha256 } from '../src/server/stations/enrolment.js';
import { startProcess, startServer, type Running } from '../tests/support/processes.js';
import { benchId, benchMac, type GeneratorCommand, type GeneratorReport } from './load-generator.js';
import { percentile, rssMiB, serverPid } from './support.js';

export const LOAD_STEPS = [
  500, 1000, 2000, 4000, 6000, 8000, 10000, 12000, 14000, 16000, 18000, 19000, 20000, 22500, 25000, 30000, 35000, 40000,
];
export const HEARTBEAT_P99_LIMIT_MS = 100;
/** Each step measures one full heartbeat interval after its stations are connected. */
const WINDOW_MS = HEARTBEAT_INTERVAL_MS;
/** Pause after a step's connections before its window, so the connect burst is not measured. */
const SETTLE_MS = 2_000;
/** Above this, a generator's event-loop lag p99 says the generator itself is the bottleneck. */
export const GENERATOR_LAG_WARN_MS = 20;

export interface LoadMeasure {
  heartbeats: number;
  heartbeatP50: number;
  heartbeatP99: number;
  statusAckP99: number;
  /** The load generators' own event-loop delay p99, one per generator. */
  generatorLagP99: number[];
  /** The server's CPU time over the window, in % of one core. */
  serverCpu: number;
  /** The server's own heartbeat handling p99 over the window, as a /metrics histogram bucket bound (ms). */
  serverSideP99: number;
  /**
   * What the server measured itself over the window (issue 27), from its /metrics gauges: its event-loop delay
   * (p99, max) and its answered heartbeats' handling time (p99), in ms; the worst node in a cluster. Null with
   * `unmeasured` saying why (an older server, no metrics) — the step goes on without them.
   */
  server: ServerSelf | null;
  unmeasured?: string;
  /** The server's CPU per 1,000 stations, in % of one core. */
  cpuPerThousand: number;
  /** The machine's 1-minute load average at the end of the window (2 cores here). */
  loadAverage: number;
  failures: number;
  passed: boolean;
}

export interface ServerSelf {
  loopP99: number;
  loopMax: number;
  heartbeatP99: number;
  heartbeatMax: number;
}

export interface LoadStep extends LoadMeasure {
  stations: number;
  rssMiB: number;
  /** Stations connected to each node (cluster runs). */
  perNode?: number[];
  /** The second window of a step whose first one failed. */
  retry?: LoadMeasure;
}

export interface LoadResult {
  steps: LoadStep[];
  /** The largest N that passed, or 0. */
  maxStations: number;
  rssAtMax: number;
  /** Why stepping stopped. */
  stoppedBecause: string;
}

export interface LoadOptions {
  /** The largest N to try (default: the last of LOAD_STEPS). */
  max?: number;
  /** Load-generator processes (default 2). */
  generators?: number;
  budgetMs?: number;
  /** Run the server with --cpu-prof, profiles written into this folder. */
  profileDir?: string;
  /**
   * `--through`: measure every step up to `max` even after one failed (a busy machine: the server's own figures at
   * each step, side by side); the ceiling stays the last step before the first failure.
   */
  through?: boolean;
  /** Extra server flags (the bench's own baseline experiments). */
  serverArgs?: string[];
  /** N nodes on PostgreSQL behind HAProxy instead of one process on SQLite. */
  cluster?: number;
  /** Extra environment for the server (the bench's own side-by-side runs, e.g. SPAWNPOINT_DB_THREAD). */
  serverEnv?: NodeJS.ProcessEnv;
}

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

/** The same stations in a cluster's PostgreSQL database (the nodes are running: they look credentials up per connection). */
export async function seedStationsPg(url: string, count: number): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const credentials: string[] = [];
  try {
    const now = new Date().toISOString();
    await client.query('begin');
    for (let from = 1; from <= count; from += 1000) {
      const stations: unknown[] = [];
      const enrolled: unknown[] = [];
      const stationRows: string[] = [];
      const credentialRows: string[] = [];
      for (let i = from; i < Math.min(count + 1, from + 1000); i += 1) {
        const credential = newCredential();
        credentials.push(credential);
        const s = stations.length;
        stations.push(benchId(i), 1000 + i, `BENCH-${i}`, benchMac(i), '127.0.0.1', now);
        stationRows.push(`($${s + 1}, $${s + 2}, $${s + 3}, $${s + 4}, NULL, 'available', $${s + 5}, NULL, $${s + 6})`);
        const c = enrolled.length;
        enrolled.push(benchId(i), sha256(credential), benchMac(i), `BENCH-${i}`, now);
        credentialRows.push(`($${c + 1}, $${c + 2}, $${c + 3}, $${c + 4}, $${c + 5})`);
      }
      await client.query(
        `INSERT INTO stations (id, number, name, mac_address, group_id, status, ip_address, last_heartbeat_at, created_at) VALUES ${stationRows.join(', ')}`,
        stations,
      );
      await client.query(
        `INSERT INTO station_credentials (station_id, credential_hash, mac_address, pc_name, created_at) VALUES ${credentialRows.join(', ')}`,
        enrolled,
      );
    }
    await client.query('commit');
  } finally {
    await client.end();
  }
  return credentials;
}

/** A forked load generator, spoken to one request at a time. */
class Generator {
  private readonly child: ChildProcess;
  private waiting: ((report: GeneratorReport) => void) | null = null;

  constructor() {
    this.child = fork(join(import.meta.dirname, 'load-generator.ts'), [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (report: GeneratorReport) => {
      const waiting = this.waiting;
      this.waiting = null;
      waiting?.(report);
    });
  }

  ask<T extends GeneratorReport['type']>(command: GeneratorCommand, answer: T): Promise<Extract<GeneratorReport, { type: T }>> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`load generator exited with ${code}`));
      this.child.once('exit', onExit);
      this.waiting = (report) => {
        this.child.off('exit', onExit);
        if (report.type !== answer) return reject(new Error(`load generator answered ${report.type}, not ${answer}`));
        resolve(report as Extract<GeneratorReport, { type: T }>);
      };
      this.child.send(command);
    });
  }

  stop(): void {
    if (this.child.connected) this.child.send({ type: 'stop' } satisfies GeneratorCommand);
    setTimeout(() => this.child.kill('SIGKILL'), 2_000).unref();
  }
}

/** utime + stime of a process, in ms. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // USER_HZ = 100 on Linux
}

/** The open-files limit this process (and so the server it starts) runs with. */
function openFilesLimit(): number {
  const out = spawnSync('sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).stdout.trim();
  return out === 'unlimited' ? Infinity : Number(out) || Infinity;
}

/** The server's own heartbeat histogram (cumulative counts by upper bound, status 200) from /metrics. */
async function heartbeatHistogram(url: string, token: string): Promise<Map<number, number>> {
  const buckets = new Map<number, number>();
  try {
    const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    for (const match of text.matchAll(/^spawnpoint_heartbeat_duration_seconds_bucket\{([^}]*)\} (\d+)$/gm)) {
      const labels = match[1]!;
      if (!labels.includes('status="200"')) continue;
      const le = /le="([^"]+)"/.exec(labels)?.[1];
      if (le) buckets.set(le === '+Inf' ? Infinity : Number(le), Number(match[2]));
    }
  } catch {
    // No /metrics (an older server): the server-side figure is left out.
  }
  return buckets;
}

/** The bucket bound under which 99 % of the window's heartbeats were handled, in ms (NaN: none, or no metrics). */
function serverP99(before: Map<number, number>, after: Map<number, number>): number {
  const bounds = [...after.keys()].sort((a, b) => a - b);
  const total = (after.get(Infinity) ?? 0) - (before.get(Infinity) ?? 0);
  if (total <= 0) return Number.NaN;
  for (const bound of bounds) {
    if ((after.get(bound) ?? 0) - (before.get(bound) ?? 0) >= 0.99 * total) return bound * 1000;
  }
  return Infinity;
}

/** `name{…quantile="q"…window="20s"…} value` from an exposition text, in ms (NaN when absent). */
function windowGauge(text: string, name: string, quantile: string): number {
  for (const match of text.matchAll(new RegExp(`^${name}\\{([^}]*)\\} (\\S+)$`, 'gm'))) {
    const labels = match[1]!;
    if (labels.includes(`quantile="${quantile}"`) && labels.includes(`window="${WINDOW_MS / 1000}s"`)) return Number(match[2]) * 1000;
  }
  return Number.NaN;
}

/**
 * The server's own figures over the last heartbeat interval (issue 27): event-loop delay and heartbeat handling,
 * the worst node's. Null with the reason when a server does not report them.
 */
async function serverSelf(servers: readonly { url: string; token: string }[]): Promise<{ self: ServerSelf | null; why?: string }> {
  const selves: ServerSelf[] = [];
  for (const { url, token } of servers) {
    let text: string;
    try {
      const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) return { self: null, why: `/metrics answered ${res.status}` };
      text = await res.text();
    } catch (error) {
      return { self: null, why: `/metrics unreachable (${error instanceof Error ? error.message : String(error)})` };
    }
    const self: ServerSelf = {
      loopP99: windowGauge(text, 'spawnpoint_event_loop_delay_seconds', '0.99'),
      loopMax: windowGauge(text, 'spawnpoint_event_loop_delay_seconds', '1'),
      heartbeatP99: windowGauge(text, 'spawnpoint_heartbeat_window_seconds', '0.99'),
      heartbeatMax: windowGauge(text, 'spawnpoint_heartbeat_window_seconds', '1'),
    };
    if (Number.isNaN(self.loopP99)) return { self: null, why: 'this server does not report its event-loop delay (before issue 27)' };
    selves.push(self);
  }
  const worst = (pick: (s: ServerSelf) => number) => Math.max(...selves.map(pick));
  return {
    self: { loopP99: worst((s) => s.loopP99), loopMax: worst((s) => s.loopMax), heartbeatP99: worst((s) => s.heartbeatP99), heartbeatMax: worst((s) => s.heartbeatMax) },
  };
}

/** Every node's histogram, bucket by bucket summed (the nodes share the bucket bounds). */
async function clusterHistogram(servers: readonly { url: string; token: string }[]): Promise<Map<number, number>> {
  const sum = new Map<number, number>();
  for (const histogram of await Promise.all(servers.map((s) => heartbeatHistogram(s.url, s.token)))) {
    for (const [bound, count] of histogram) sum.set(bound, (sum.get(bound) ?? 0) + count);
  }
  return sum;
}

const totalCpuMs = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

async function measureWindow(
  generators: Generator[],
  pids: readonly number[],
  ms: number,
  servers: readonly { url: string; token: string }[],
  stations: number,
): Promise<LoadMeasure> {
  const histogramBefore = await clusterHistogram(servers);
  const cpuBefore = totalCpuMs(pids);
  const started = Date.now();
  const reports = await Promise.all(generators.map((g) => g.ask({ type: 'measure', ms }, 'measured')));
  const serverCpu = ((totalCpuMs(pids) - cpuBefore) / (Date.now() - started)) * 100;
  const serverSideP99 = serverP99(histogramBefore, await clusterHistogram(servers));
  const { self, why } = await serverSelf(servers);
  const beats = reports.flatMap((r) => r.heartbeats);
  const failures = reports.reduce((sum, r) => sum + r.failures, 0);
  const measure: LoadMeasure = {
    heartbeats: beats.length,
    heartbeatP50: percentile(beats, 50),
    heartbeatP99: percentile(beats, 99),
    statusAckP99: percentile(
      reports.flatMap((r) => r.acks),
      99,
    ),
    generatorLagP99: reports.map((r) => r.lagP99),
    serverCpu,
    serverSideP99,
    server: self,
    ...(why ? { unmeasured: why } : {}),
    cpuPerThousand: serverCpu / (stations / 1000),
    loadAverage: loadavg()[0]!,
    failures,
    passed: false,
  };
  measure.passed = failures === 0 && beats.length > 0 && measure.heartbeatP99 < HEARTBEAT_P99_LIMIT_MS;
  return measure;
}

function describeMeasure(m: LoadMeasure): string {
  const lag = m.generatorLagP99.map((n) => n.toFixed(0)).join('/');
  const saturated = Math.max(...m.generatorLagP99) > GENERATOR_LAG_WARN_MS ? ' (generators starved: busy machine or too few --generators)' : '';
  const own = m.server
    ? `server's own: event-loop delay p99=${m.server.loopP99.toFixed(1)} max=${m.server.loopMax.toFixed(1)} ms, ` +
      `heartbeat p99=${m.server.heartbeatP99.toFixed(1)} max=${m.server.heartbeatMax.toFixed(1)} ms  `
    : `server's own figures: not measured (${m.unmeasured ?? 'unknown'})  `;
  return (
    own +
    `heartbeats=${m.heartbeats}  p50=${m.heartbeatP50.toFixed(1)} ms  p99=${m.heartbeatP99.toFixed(1)} ms  ` +
    `status-ack p99=${m.statusAckP99.toFixed(1)} ms  generator lag p99=${lag} ms${saturated}  ` +
    `server-side p99 ≤ ${Number.isFinite(m.serverSideP99) ? m.serverSideP99.toFixed(0) : '>2500'} ms  ` +
    `server CPU=${m.serverCpu.toFixed(0)}% (${m.cpuPerThousand.toFixed(1)}% per 1,000 stations)  load avg=${m.loadAverage.toFixed(1)}  failures=${m.failures}  ${m.passed ? 'PASS' : 'FAIL'}`
  );
}

/**
 * One summary line per step: the server's own figures first (issue 27: event-loop delay, heartbeat p99, CPU per
 * 1,000 stations), with the load average beside them, since these figures depend on the machine.
 */
export function describeSteps(result: LoadResult): string[] {
  return result.steps.map((step) => {
    const m = step.retry ?? step;
    const own = m.server
      ? `event-loop delay p99 ${m.server.loopP99.toFixed(1)} / max ${m.server.loopMax.toFixed(1)} ms, server-side heartbeat p99 ${m.server.heartbeatP99.toFixed(1)} ms`
      : `server's own figures not measured (${m.unmeasured ?? 'unknown'})`;
    return (
      `N=${step.stations}${step.retry ? ' (2nd window)' : ''}: ${own}, client-side heartbeat p99 ${m.heartbeatP99.toFixed(1)} ms, ` +
      `server CPU ${m.serverCpu.toFixed(0)}% = ${m.cpuPerThousand.toFixed(1)}% per 1,000 stations, load ${m.loadAverage.toFixed(1)}${m.passed ? '' : ', FAIL'}`
    );
  });
}

export async function benchLoad(options: LoadOptions = {}): Promise<LoadResult> {
  const limit = openFilesLimit();
  // The server holds one socket per station, plus its files and the heartbeat connections; in a cluster
  // HAProxy holds two per station (the station's side and the node's).
  const perStation = options.cluster ? 2 : 1;
  const fdCap = Math.floor((limit - 1_000) / perStation / 1_000) * 1_000;
  let steps = LOAD_STEPS.filter((n) => n <= (options.max ?? Infinity));
  if (steps.some((n) => n > fdCap)) {
    console.log(
      `bench load: this shell allows ${limit} open files, so the ${options.cluster ? 'proxy' : 'server'} can hold about ${fdCap} stations; ` +
        'steps above that are skipped (raise it with `ulimit -n 65536` first)',
    );
    steps = steps.filter((n) => n <= fdCap);
  }
  const deadline = Date.now() + (options.budgetMs ?? 25 * 60_000);
  const maxStations = Math.max(...steps);
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-bench-'));
  const dbPath = join(dir, 'cafe.sqlite');
  let server: Running | undefined;
  let stack: Stack | undefined;
  const generators: Generator[] = [];
  /** The bench reads the server's own heartbeat histogram from /metrics (issue 16). */
  let metricsToken = randomBytes(24).toString('hex');
  const result: LoadResult = { steps: [], maxStations: 0, rssAtMax: 0, stoppedBecause: 'every step passed' };
  try {
    let credentials: string[];
    /** Where the stations connect (the one server, or the cluster's front door). */
    let url: string;
    let pids: number[];
    let scrape: { url: string; token: string }[];
    if (options.cluster) {
      stack = await startStack({
        nodes: options.cluster,
        nodeArgs: options.serverArgs,
        // Nodes going down or up in the proxy's eyes, and its alerts, belong beside the figures.
        onLine: (source, line) => {
          if (source === 'haproxy' && /DOWN|UP|ALERT|WARNING|NOTICE/.test(line)) console.log(`bench load: haproxy: ${line}`);
        },
      });
      metricsToken = stack.metricsToken;
      credentials = await seedStationsPg(stack.databaseUrl, maxStations);
      url = stack.url;
      // Each node is one process (node with tsx's loader): its own pid, not its last descendant (esbuild's service).
      pids = stack.nodes.map((n) => n.process.pid!);
      scrape = stack.nodes.map((n) => ({ url: n.url, token: metricsToken }));
    } else {
      // Create the schema and the demo cafe, then register the simulated stations.
      const first = await startServer({ dbPath });
      await first.stop();
      credentials = seedStations(dbPath, maxStations);
      server = options.profileDir
        ? // One node process (no tsx wrapper), so the profile is written when it exits on SIGTERM.
          await startProcess(
            [
              ...['--cpu-prof', '--cpu-prof-dir', options.profileDir, '--import', 'tsx', 'src/server/main.ts'],
              ...['--port', '0', '--db', dbPath, '--metrics-token', metricsToken, ...(options.serverArgs ?? [])],
            ],
            /listening on (https?:\/\/\S+)/,
            30_000,
            { command: process.execPath, env: options.serverEnv },
          )
        : await startServer({ dbPath, args: ['--metrics-token', metricsToken, ...(options.serverArgs ?? [])], env: options.serverEnv });
      url = server.url;
      pids = [serverPid(server)];
      scrape = [{ url: server.url, token: metricsToken }];
    }
    const count = Math.max(1, options.generators ?? 2);
    for (let i = 0; i < count; i += 1) generators.push(new Generator());
    let connected = 0;
    /** With `through`: why the first failing step failed (the ceiling is the step before it). */
    let failed = '';
    let failedAt = 0;

    for (const [stepIndex, n] of steps.entries()) {
      if (Date.now() > deadline) {
        result.stoppedBecause = `time budget spent before N=${n}`;
        break;
      }
      // The new stations, dealt round-robin over the generators.
      const share: { index: number; credential: string }[][] = generators.map(() => []);
      for (let index = connected + 1; index <= n; index += 1) {
        share[index % generators.length]!.push({ index, credential: credentials[index - 1]! });
      }
      const added = await Promise.all(generators.map((g, k) => g.ask({ type: 'add', url, stations: share[k]! }, 'added')));
      connected = n;
      const connectFailures = added.reduce((sum, a) => sum + a.failed, 0);
      if (connectFailures > 0) {
        console.log(`bench load: N=${n}: ${connectFailures} stations could not connect (${added.find((a) => a.error)?.error})`);
        result.stoppedBecause = `connections refused at N=${n}`;
        break;
      }
      if (stepIndex === 0) {
        console.log(`bench load: warm-up, one heartbeat interval at N=${n}…`);
        await measureWindow(generators, pids, WINDOW_MS, scrape, n);
      } else {
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
      }
      const measure = await measureWindow(generators, pids, WINDOW_MS, scrape, n);
      const step: LoadStep = { stations: n, rssMiB: pids.reduce((sum, p) => sum + rssMiB(p), 0), ...measure };
      if (stack) step.perNode = await Promise.all(stack.nodes.map((node) => stationsConnected(node, metricsToken).catch(() => Number.NaN)));
      const spread = step.perNode ? `  per node ${step.perNode.join('/')}` : '';
      console.log(`bench load: N=${n}  ${describeMeasure(measure)}  server RSS=${step.rssMiB.toFixed(0)} MiB${spread}`);
      if (!measure.passed) {
        step.retry = await measureWindow(generators, pids, WINDOW_MS, scrape, n);
        console.log(`bench load: N=${n}  measured again: ${describeMeasure(step.retry)}`);
      }
      result.steps.push(step);
      const passed = measure.passed || step.retry?.passed === true;
      if (!passed && !failed) {
        failedAt = n;
        const worst = step.retry ?? measure;
        const lagged = Math.max(...worst.generatorLagP99) > GENERATOR_LAG_WARN_MS;
        failed =
          `N=${n} failed twice (p99 ${measure.heartbeatP99.toFixed(0)} then ${worst.heartbeatP99.toFixed(0)} ms, ` +
          `failures ${measure.failures} then ${worst.failures})` +
          (lagged ? '; the generators were starved too (a busy machine, or try more --generators)' : '');
      }
      if (failed) {
        if (options.through && stepIndex < steps.length - 1) continue; // measured on; the ceiling stays where it was
        result.stoppedBecause = options.through && n !== failedAt ? `${failed}; measured on through N=${n}` : failed;
        break;
      }
      result.maxStations = n;
      result.rssAtMax = step.rssMiB;
    }
    console.log(`bench load: ceiling ${result.maxStations} stations with heartbeat p99 < ${HEARTBEAT_P99_LIMIT_MS} ms; stopped: ${result.stoppedBecause}`);
  } finally {
    generators.forEach((g) => g.stop());
    await server?.stop();
    await stack?.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return result;
}
