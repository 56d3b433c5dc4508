/**
 * A whole cluster on this machine, for the demo (`npm run cluster`), the
 * failover test and the cluster bench: a private PostgreSQL, N cafe server
 * nodes on it (the first seeds the demo cafe, then the others start), and
 * HAProxy in front of them on loopback. Everything lives in temporary
 * folders and goes away with stop().
 *
 * The nodes share what a cafe's nodes share in production: the database URL,
 * the data folder with the JWT secret and the games secret key
 * (SPAWNPOINT_DATA_DIR, written by the first node), and the metrics token
 * the proxy's health check presents (SPAWNPOINT_METRICS_TOKEN, through the
 * environment so it is not in `ps`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, haproxyBinary, HAPROXY_MISSING, startFrontDoor, type FrontDoor } from './haproxy.js';
import { admin, startCluster, type Cluster } from './postgres.js';

const ROOT = join(import.meta.dirname, '..', '..', '..');
const DATABASE = 'spawnpoint';

export interface ClusterNode {
  /** node-1, node-2, … (its --node-id). */
  id: string;
  /** Where the node itself listens (the proxy's backend). */
  url: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export interface StackOptions {
  nodes: number;
  /** Front door port; 0 or absent: a free one. */
  port?: number;
  /** Seed the demo cafe (default true). */
  seed?: boolean;
  /** `--clock-speed` of every node (they share one --clock-origin). */
  clockSpeed?: number;
  rendererDir?: string;
  consoleDir?: string;
  /** Further flags for every node. */
  nodeArgs?: string[];
  /** Further environment for every node (e.g. SPAWNPOINT_LOG_LEVEL). */
  nodeEnv?: NodeJS.ProcessEnv;
  /** Every line a node, the proxy or this module prints, with its source. */
  onLine?: (source: string, line: string) => void;
  /** Called when a node exits on its own (killed, crashed). */
  onNodeExit?: (node: ClusterNode, code: number | null, signal: NodeJS.Signals | null) => void;
}

export interface Stack {
  /** The front door: the one address stations, the console and the CLI use. */
  url: string;
  proxy: FrontDoor;
  nodes: ClusterNode[];
  databaseUrl: string;
  /** What the proxy (and a scraper) presents to /health and /metrics. */
  metricsToken: string;
  /** SPAWNPOINT_DATA_DIR of the nodes. */
  dataDir: string;
  /** The nodes' shared clock time now (ms): real time, or compressed from one origin with clockSpeed. */
  clockNow(): number;
  stop(): Promise<void>;
}

function startNode(id: string, args: string[], env: NodeJS.ProcessEnv, options: StackOptions): Promise<ClusterNode> {
  // One process per node (node with tsx's loader, no wrapper): its pid is the server's, so `kill -9 <pid>` kills the node.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env, FORCE_COLOR: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let pending = '';
  let ready = false;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${id} did not start within 60 s:\n${output}`));
    }, 60_000);
    const stop = () =>
      new Promise<void>((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done();
        const kill = setTimeout(() => child.kill('SIGKILL'), 5_000);
        child.once('exit', () => {
          clearTimeout(kill);
          done();
        });
        child.kill('SIGTERM');
      });
    const node: ClusterNode = { id, url: '', process: child, output: () => output, stop };
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      output += text;
      pending += text;
      let nl;
      while ((nl = pending.indexOf('\n')) !== -1) {
        const line = pending.slice(0, nl);
        pending = pending.slice(nl + 1);
        options.onLine?.(id, line);
        const match = /listening on (https?:\/\/\S+)/.exec(line);
        if (match?.[1] && !ready) {
          ready = true;
          clearTimeout(timer);
          node.url = match[1];
          resolve(node);
        }
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`${id} exited (${signal ?? code}) before it was ready:\n${output}`));
      else options.onNodeExit?.(node, code, signal);
    });
  });
}

/** Starts PostgreSQL, the nodes and the proxy; on any failure stops what did start and throws. */
export async function startStack(options: StackOptions): Promise<Stack> {
  if (!Number.isInteger(options.nodes) || options.nodes < 1 || options.nodes > 16) throw new Error('--nodes takes 1 to 16');
  if (!haproxyBinary()) throw new Error(HAPROXY_MISSING);
  const say = (line: string) => options.onLine?.('cluster', line);
  const cleanups: (() => Promise<void> | void)[] = [];
  const stopAll = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) {
      try {
        await cleanup();
      } catch (error) {
        say(`while stopping: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  };
  try {
    say('starting a private PostgreSQL (Debian postgresql, temporary folder, unix socket only)');
    const pg: Cluster = startCluster();
    cleanups.push(() => pg.stop());
    await admin(pg.dir, [`create database ${DATABASE}`]);
    const databaseUrl = pg.url(DATABASE);

    const dataDir = mkdtempSync(join(tmpdir(), 'spawnpoint-cluster-data-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const metricsToken = randomBytes(24).toString('base64url');
    const port = options.port || (await freePort());
    const frontUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...options.nodeEnv,
      SPAWNPOINT_DATA_DIR: dataDir,
      SPAWNPOINT_METRICS_TOKEN: metricsToken,
    };
    // The proxy connects from loopback: its X-Forwarded-For names the station.
    const common = ['--db', databaseUrl, '--port', '0', '--host', '127.0.0.1', '--public-url', frontUrl, '--trust-proxy', '127.0.0.1'];
    if (options.rendererDir) common.push('--renderer-dir', options.rendererDir);
    if (options.consoleDir) common.push('--console-dir', options.consoleDir);
    const speed = options.clockSpeed ?? 1;
    const origin = Date.now();
    if (speed !== 1) common.push('--clock-speed', String(speed), '--clock-origin', String(origin));
    const clockNow = () => origin + (Date.now() - origin) * speed;
    common.push(...(options.nodeArgs ?? []));

    const nodes: ClusterNode[] = [];
    cleanups.push(() => Promise.all(nodes.map((n) => n.stop())).then(() => undefined));
    // The first node migrates the database and seeds the demo cafe, and writes the shared secrets; then the others.
    say(`starting node-1${options.seed === false ? '' : ' (migrates and seeds the demo cafe)'}`);
    const first = await startNode('node-1', [...common, '--node-id', 'node-1', ...(options.seed === false ? [] : ['--seed', 'demo'])], env, options);
    nodes.push(first);
    if (options.nodes > 1) say(`starting ${Array.from({ length: options.nodes - 1 }, (_, i) => `node-${i + 2}`).join(', ')}`);
    const rest = await Promise.allSettled(
      Array.from({ length: options.nodes - 1 }, (_, i) => startNode(`node-${i + 2}`, [...common, '--node-id', `node-${i + 2}`], env, options)),
    );
    for (const r of rest) if (r.status === 'fulfilled') nodes.push(r.value);
    const failed = rest.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;

    say(`starting HAProxy on ${frontUrl}`);
    const proxy = await startFrontDoor({
      backends: nodes.map((n) => ({ name: n.id, url: n.url })),
      metricsToken,
      port,
      onLine: (line) => options.onLine?.('haproxy', line),
    });
    // The proxy stops first, so no new request reaches a node that is closing.
    cleanups.push(() => proxy.stop());
    return { url: proxy.url, proxy, nodes, databaseUrl, metricsToken, dataDir, clockNow, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** `spawnpoint_stations_connected` of one node, from its /metrics. */
export async function stationsConnected(node: { url: string }, metricsToken: string): Promise<number> {
  const res = await fetch(`${node.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } });
  if (!res.ok) throw new Error(`GET ${node.url}/metrics answered ${res.status}`);
  const match = /^spawnpoint_stations_connected(?:\{[^}]*\})? (\d+(?:\.\d+)?)$/m.exec(await res.text());
  return match?.[1] ? Number(match[1]) : 0;
}
