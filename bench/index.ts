/**
 * `npm run bench`: front-end size, unlock latency, station load and reconnect
 * time, the 5,000-game library, what the kiosk costs in the background, on this machine, loopback only. `npm run bench -- --only
 * bundle|unlock|load|reconnect|library|background` runs one (`--only writes`, `--only reads [--rounds N]`: the heartbeat database micro-benchmarks;
 * `--only heartbeat-meter [--rounds N]`: what the session's meter on the heartbeat's answer costs); `--max N` caps the station-load
 * steps; `--build` rebuilds the renderer before measuring it.
 * `--duration SECONDS` (background): how long each state is measured (default 300).
 * A step that cannot measure says why and the others still run; every summary
 * line ends with the machine's load average (1 minute) when it was taken.
 * `--generators N` runs the station-load generator in N processes (default 2);
 * `--profile DIR` runs the load bench's server with --cpu-prof into DIR.
 * `--through` (with --only load): every step up to --max is measured even after one failed (a busy machine);
 * the ceiling stays the last step before the first failure.
 * `--cluster N` (with --only load): the load bench against N nodes on PostgreSQL behind HAProxy, and
 * beside it, in the same invocation, against one node on the same PostgreSQL behind the same proxy;
 * the ratio of the two is printed (issue 16).
 * `--db-thread both` (with --only load): the load bench with the SQLite connection on the event loop
 * (SPAWNPOINT_DB_THREAD=main, as before issue 27), then in its worker thread, in one invocation;
 * `--db-thread worker-only,worker`: every read in the thread, then cheap reads on a read-only
 * connection on the event loop (the server's default), in one invocation.
 * `--baseline DIR [--rounds N]` runs the same benchmarks on a baseline
 * checkout and on this tree, alternating, in one invocation (bench/compare.ts).
 */
import { loadavg } from 'node:os';
import { benchBackground, describeBackground, DEFAULT_BACKGROUND_MS } from './background.js';
import { benchCompare } from './compare.js';
import { describeBundle, kb, measureBundle } from './bundle.js';
import { benchHeartbeatMeter } from './heartbeat-meter.js';
import { benchHeartbeatReads } from './heartbeat-reads.js';
import { benchHeartbeatArrivals, benchHeartbeatWrites } from './heartbeat-writes.js';
import { benchLibrary, LIBRARY_SIZE } from './library.js';
import { benchLoad, describeSteps } from './load.js';
import { benchReconnect } from './reconnect.js';
import { ensureRenderer, ms, percentile } from './support.js';
import { benchUnlock } from './unlock.js';

/** `--db-thread` ways (the server's SPAWNPOINT_DB_THREAD, src/server/db/connection.ts). */
const DB_THREAD_WAYS: Record<string, string> = {
  main: 'SQLite on the event loop (as before issue 27)',
  'worker-only': 'SQLite in its worker thread, every read too',
  worker: 'SQLite in its worker thread, cheap reads on the event loop',
};

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const baseline = flag('baseline');
  if (baseline) {
    const forward = ['only', 'max', 'generators', 'duration', 'db-thread'].flatMap((name) => (flag(name) ? [`--${name}`, flag(name)!] : []));
    if (process.argv.includes('--through')) forward.push('--through');
    return benchCompare(baseline, forward, Number(flag('rounds') ?? 2));
  }
  const only = flag('only');
  const max = Number(flag('max') ?? Infinity);
  const run = (name: string) => !only || only === name;
  const lines: string[] = [];
  const failures: string[] = [];
  /** Run one benchmark: a failure is reported (why, and in the summary) and the next one still runs. */
  const step = async (name: string, work: () => Promise<void> | void) => {
    const before = lines.length;
    try {
      await work();
    } catch (error) {
      const why = error instanceof Error ? error.message.split('\n')[0] : String(error);
      console.log(`bench ${name}: could not measure: ${why}`);
      lines.push(`${name}: NOT MEASURED (${why})`);
      failures.push(name);
    }
    const load = loadavg()[0]!.toFixed(1);
    for (let i = before; i < lines.length; i += 1) lines[i] = `${lines[i]} [load ${load}]`;
  };

  await step('bundle', () => {
    if (!run('bundle')) return;
    ensureRenderer(process.argv.includes('--build'));
    const bundle = measureBundle();
    for (const line of describeBundle(bundle)) console.log(`bench bundle: ${line}`);
    lines.push(
      `initial renderer JS: ${kb(bundle.initialGzip)} gzip (largest chunk ${kb(bundle.chunks[0]?.gzip ?? 0)} gzip)`,
      `renderer JS loaded when the lock screen shows: ${kb(bundle.lockScreenGzip)} gzip`,
    );
  });
  await step('renderer', () => {
    if (run('unlock') || run('reconnect') || run('library') || run('background')) ensureRenderer();
  });
  await step('unlock', async () => {
    if (!run('unlock')) return;
    console.log('bench unlock: 50 guest unlocks, admin call → dashboard rendered in Chromium…');
    const unlock = await benchUnlock(50);
    console.log(`bench unlock: samples in order (ms): ${unlock.samples.map((n) => n.toFixed(0)).join(' ')}`);
    for (const [phase, figures] of Object.entries(unlock.phases)) {
      console.log(`bench unlock: trace ${phase}: p50 ${ms(figures.p50)}, p95 ${ms(figures.p95)} (${figures.samples.length} samples)`);
    }
    lines.push(`unlock latency (50 unlocks, ${unlock.prepared} found the dashboard prepared under the lock screen): p50 ${ms(unlock.p50)}, p95 ${ms(unlock.p95)}`);
    const painted = unlock.phases['call → painted'];
    lines.push(`unlock → dashboard painted: p50 ${ms(painted.p50)}, p95 ${ms(painted.p95)}`);
    const games = unlock.phases['call → games painted'];
    lines.push(`unlock → first game card painted: p50 ${ms(games.p50)}, p95 ${ms(games.p95)} (${games.samples.length} unlocks)`);
    if (unlock.costs.length > 0) {
      const fig = (pick: (c: (typeof unlock.costs)[number]) => number) => {
        const values = unlock.costs.map(pick);
        return `p50 ${percentile(values, 50).toFixed(1)} / p95 ${percentile(values, 95).toFixed(1)} ms`;
      };
      console.log(`bench unlock: trace of ${unlock.costs.length} unlocks, event → painted: wall ${fig((c) => c.wallMs)}`);
      console.log(`bench unlock:   main-thread CPU ${fig((c) => c.mainCpuMs)} (script ${fig((c) => c.scriptMs)}, style+layout ${fig((c) => c.styleLayoutMs)}, paint ${fig((c) => c.paintMs)})`);
      console.log(`bench unlock:   raster/compositor CPU ${fig((c) => c.rasterCpuMs)}`);
      lines.push(
        `unlock, trace (event → painted): wall ${fig((c) => c.wallMs)}; our main thread's CPU ${fig((c) => c.mainCpuMs)} (script ${fig((c) => c.scriptMs)}); raster/compositor CPU ${fig((c) => c.rasterCpuMs)}`,
      );
    }
    if (unlock.firstSession) {
      const list = (files: string[]) => (files.length ? `${files.length} (${files.join(', ')})` : 'none');
      const { beforeLockPainted, whileLockIdle, byFirstUnlock } = unlock.firstSession;
      console.log(`bench unlock: code fetched before the lock screen was painted: ${list(beforeLockPainted)}`);
      console.log(`bench unlock: code fetched while the lock screen idled: ${list(whileLockIdle)}`);
      lines.push(`unlock, the first session after a start: code fetched by the unlock ${list(byFirstUnlock)}; while the lock screen idled ${whileLockIdle.length} files`);
    }
    if (unlock.missed.length > 0) {
      lines.push(`unlock: ${unlock.missed.length} of 50 unlocks not measured (${[...new Set(unlock.missed)].join('; ')})`);
    }
    console.log(lines.slice(-2).join('\n'));
  });
  const cluster = flag('cluster');
  await step('load', async () => {
    if (run('load') && cluster) {
      const nodes = Number(cluster);
      if (!Number.isInteger(nodes) || nodes < 2 || nodes > 16) throw new Error('--cluster takes a node count from 2 to 16');
      const generators = Number(flag('generators') ?? 2);
      const runs: { nodes: number; result: Awaited<ReturnType<typeof benchLoad>> }[] = [];
      // One node first, then N, each on its own fresh PostgreSQL and proxy: the same path, only the node count differs.
      for (const count of [1, nodes]) {
        console.log(`bench load: ${count} node${count > 1 ? 's' : ''} on PostgreSQL behind HAProxy, up to ${Number.isFinite(max) ? max : 'the last step'} stations…`);
        runs.push({ nodes: count, result: await benchLoad({ max, generators, cluster: count }) });
      }
      const [one, many] = [runs[0]!.result, runs[1]!.result];
      console.log('bench load: heartbeat p99 per step (ms), 1 node | ' + `${nodes} nodes`);
      const sizes = [...new Set([...one.steps, ...many.steps].map((s) => s.stations))].sort((a, b) => a - b);
      for (const n of sizes) {
        const a = one.steps.find((s) => s.stations === n);
        const b = many.steps.find((s) => s.stations === n);
        const p99 = (s: typeof a) => (s ? `${(s.retry ?? s).heartbeatP99.toFixed(1)}${s.retry ? ' (2nd)' : ''}` : '-');
        const spread = b?.perNode ? `  (${b.perNode.join('/')} per node)` : '';
        console.log(`bench load:   N=${n}: ${p99(a)} | ${p99(b)}${spread}`);
      }
      const ratio = one.maxStations > 0 ? (many.maxStations / one.maxStations).toFixed(2) : 'n/a';
      lines.push(
        `station load, 1 node on PostgreSQL behind HAProxy: ${one.maxStations} stations (stopped: ${one.stoppedBecause})`,
        `station load, ${nodes} nodes on PostgreSQL behind HAProxy: ${many.maxStations} stations (stopped: ${many.stoppedBecause})`,
        `cluster ratio (${nodes} nodes / 1 node): ${ratio}`,
      );
      console.log(lines.slice(-3).join('\n'));
    } else if (run('load')) {
      const generators = Number(flag('generators') ?? 2);
      // A comma list runs each way in turn, e.g. `--db-thread worker-only,worker` (every read in the thread, then cheap reads on the loop).
      const threads = flag('db-thread') === 'both' ? ['main', 'worker'] : (flag('db-thread') ?? 'worker').split(',');
      for (const thread of threads) {
        const where = DB_THREAD_WAYS[thread] ?? `SPAWNPOINT_DB_THREAD=${thread}`;
        console.log(`bench load: ${where}: stepping up to ${Number.isFinite(max) ? max : 'the last step'} stations, ${generators} generator processes, one heartbeat interval each…`);
        const load = await benchLoad({ max, generators, profileDir: flag('profile'), through: process.argv.includes('--through'), serverEnv: { SPAWNPOINT_DB_THREAD: thread } });
        const tag = threads.length > 1 ? ` (${where})` : '';
        lines.push(
          `station load${tag}: ${load.maxStations} stations with heartbeat p99 < 100 ms; server RSS ${load.rssAtMax.toFixed(0)} MiB there`,
          `station load stopped: ${load.stoppedBecause}`,
          ...describeSteps(load).map((line) => `  ${line}`),
        );
        console.log(lines.slice(-2 - load.steps.length).join('\n'));
      }
    }
  });
  await step('writes', async () => {
    if (only === 'writes') {
      // Not in the default set: a database micro-benchmark behind the load figures (README, issue 16).
      console.log('bench writes: what one heartbeat costs the database (file, WAL, synchronous = FULL)…');
      for (const figure of await benchHeartbeatWrites()) {
        lines.push(
          `heartbeat write, ${figure.name}, SQLite ${figure.thread === 'main' ? 'on the event loop' : 'in its thread'}: ` +
              `${(figure.perHeartbeatMs * 1000).toFixed(0)} µs each (${figure.heartbeatsPerSecond.toFixed(0)}/s), ` +
              `event loop busy ${(figure.loopBusyPerHeartbeatMs * 1000).toFixed(0)} µs each, longest loop delay ${figure.loopDelayMaxMs.toFixed(1)} ms`,
        );
        console.log(lines.at(-1));
      }
      console.log('bench writes: heartbeats arriving steadily, through the group commit with a 20 ms tick (before) and the natural one (now)…');
      for (const f of await benchHeartbeatArrivals()) {
        lines.push(
          `heartbeat group commit, ${f.way === 'tick' ? 'a 20 ms tick (before)' : 'natural (now)'}, ${f.rate}/s (${f.rate * 20} stations): ` +
            `wait for the answer p50 ${f.waitP50Ms.toFixed(1)} / p99 ${f.waitP99Ms.toFixed(1)} / max ${f.waitMaxMs.toFixed(1)} ms, ` +
            `${f.commitsPerSecond.toFixed(0)} commits/s, event loop busy ${(f.loopBusyPerHeartbeatMs * 1000).toFixed(0)} µs each, ` +
            `loop delay p99 ${f.loopDelayP99Ms.toFixed(1)} / max ${f.loopDelayMaxMs.toFixed(1)} ms`,
        );
        console.log(lines.at(-1));
      }
    }
  });
  await step('reads', async () => {
    if (only === 'reads') {
      // Not in the default set: the database micro-benchmark behind the read connection on the event loop (issue 27).
      console.log("bench reads: a heartbeat's station lookup while the group commit writes (file, WAL, synchronous = FULL)…");
      for (const f of await benchHeartbeatReads(Number(flag('rounds') ?? 2))) {
        const where = f.way === 'worker' ? 'cheap reads on the event loop' : 'every read in the thread';
        lines.push(
          `heartbeat read + group commit, ${where} (round ${f.round}): read p50 ${f.readP50Ms.toFixed(2)} / p99 ${f.readP99Ms.toFixed(2)} / max ${f.readMaxMs.toFixed(1)} ms; ` +
            `${(f.perHeartbeatMs * 1000).toFixed(0)} µs per heartbeat, event loop busy ${(f.loopBusyPerHeartbeatMs * 1000).toFixed(0)} µs each, longest loop delay ${f.loopDelayMaxMs.toFixed(1)} ms`,
        );
        console.log(lines.at(-1));
      }
    }
  });
  await step('heartbeat-meter', async () => {
    if (only === 'heartbeat-meter') {
      // Not in the default set: the micro-benchmark behind the meter riding on the heartbeat's answer (issue 26).
      console.log("bench heartbeat-meter: 500 stations playing by the price list; a heartbeat alone, with the session's meter, and the old GET /pricing/meter reads…");
      for (const f of await benchHeartbeatMeter(Number(flag('rounds') ?? 2))) {
        const read = Number.isNaN(f.readP50Ms) ? '' : `; meter read p50 ${f.readP50Ms.toFixed(2)} / p99 ${f.readP99Ms.toFixed(2)} ms`;
        lines.push(`${f.way} (round ${f.round}): ${(f.perMs * 1000).toFixed(0)} µs each, event loop busy ${(f.loopBusyMs * 1000).toFixed(0)} µs each${read}`);
        console.log(lines.at(-1));
      }
    }
  });
  await step('library', async () => {
    if (run('library')) {
      console.log(`bench library: ${LIBRARY_SIZE} games, 3 rounds of a guest unlock, then a search typed and erased…`);
      const library = await benchLibrary(3);
      console.log(`bench library: first render (library answer → first cards painted), ms: ${library.firstRender.map((n) => n.toFixed(0)).join(' ')}`);
      console.log(`bench library: keystroke → painted, samples (ms): ${library.keystrokes.map((n) => n.toFixed(1)).join(' ')}`);
      lines.push(
        `library (${LIBRARY_SIZE} games, ${library.domCards} cards in the DOM): keystroke → painted p50 ${library.p50.toFixed(1)} ms, p95 ${library.p95.toFixed(1)} ms, max ${library.max.toFixed(1)} ms; first render p50 ${ms(percentile(library.firstRender, 50))}`,
      );
      console.log(lines.at(-1));
      // The browser's own figures for the same typing: event timing (≥ 16 ms) and long tasks (≥ 50 ms).
      for (const e of library.slowEvents.filter((x) => x.duration > 16)) {
        console.log(`bench library: slow ${e.name}: ${e.duration.toFixed(0)} ms (handlers ${e.handlers.toFixed(1)} ms, waited ${e.delay.toFixed(1)} ms, the rest style/layout/paint/raster)`);
      }
      // Event timing rounds to 8 ms and runs to the next frame: 16 ms is one frame at 60 Hz, the floor of a keystroke that paints.
      const keydowns = library.slowEvents.filter((e) => e.name === 'keydown');
      const overFrame = keydowns.filter((e) => e.duration > 16);
      const handlers = library.slowEvents.map((e) => e.handlers);
      lines.push(
        `library, browser's event timing: ${overFrame.length} of ${library.keystrokeCount} keystrokes (keydown) longer than one frame (> 16 ms)` +
          (library.slowEvents.length ? ` (max ${Math.max(...library.slowEvents.map((e) => e.duration)).toFixed(0)} ms; our handlers p95 ${percentile(handlers, 95).toFixed(1)} / max ${Math.max(...handlers).toFixed(1)} ms)` : '') +
          `; long tasks while typing: ${library.longTasks.length}${library.longTasks.length ? ` (max ${Math.max(...library.longTasks).toFixed(0)} ms)` : ''}`,
      );
      if (library.missed.length) lines.push(`library: rounds not measured: ${library.missed.join('; ')}`);
      console.log(lines.at(-1));
    }
  });
  await step('reconnect', async () => {
    if (run('reconnect')) {
      console.log('bench reconnect: 10 kill -9 / restart cycles…');
      const reconnect = await benchReconnect(10);
      console.log(`bench reconnect: samples in order (ms): ${reconnect.samples.map((n) => n.toFixed(0)).join(' ')}`);
      lines.push(`reconnect after the server is back (10 cycles): p50 ${ms(reconnect.p50)}, p95 ${ms(reconnect.p95)}`);
      console.log(lines.at(-1));
    }
  });
  await step('background', async () => {
    if (!run('background')) return;
    const seconds = flag('duration');
    const durationMs = seconds ? Number(seconds) * 1000 : DEFAULT_BACKGROUND_MS;
    if (!Number.isFinite(durationMs) || durationMs <= 0) throw new Error(`--duration takes seconds, not "${seconds}"`);
    console.log(`bench background: the idle lock screen, then a session with a game running and the window hidden, ${durationMs / 1000} s each…`);
    await benchBackground(durationMs, (figures) => {
      const [head, ...rest] = describeBackground(figures);
      lines.push(`background, ${head!}`);
      console.log(`bench background: ${head!}`);
      for (const line of rest) console.log(`bench background: ${line}`);
    });
  });
  if (failures.length > 0) console.log(`\nbench: ${failures.join(', ')} could not measure (said why above); the rest ran.`);
  console.log(`\nSummary\n${lines.map((l) => `  ${l}`).join('\n')}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
