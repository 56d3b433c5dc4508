/**
 * Real processes for end-to-end tests and benchmarks: the reference server,
 * web shells for stations, and the admin CLI — started exactly as a person
 * would start them, and stopped cleanly.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_ADMIN } from '../../src/server/seed/console.js';
import { signInDemoAdmin } from './demo-admin.js';

const ROOT = join(import.meta.dirname, '..', '..');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

export interface Running {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop: () => Promise<void>;
}

export interface ProcessOptions {
  /** What to run instead of tsx (e.g. node itself, for --cpu-prof). */
  command?: string;
  /** Added to the environment. */
  env?: NodeJS.ProcessEnv;
}

/** Spawn tsx (or `options.command`) and resolve once a line matches `ready` (its first group is the URL). */
export function startProcess(args: string[], ready: RegExp, timeoutMs = 30_000, options: ProcessOptions = {}): Promise<Running> {
  const child = spawn(options.command ?? TSX, args, { cwd: ROOT, env: { ...process.env, ...options.env, FORCE_COLOR: '0' } });
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`timed out waiting for ${ready} from ${args.join(' ')}\n${output}`));
    }, timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = ready.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ url: match[1], process: child, output: () => output, stop: () => stop(child) });
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code} before it was ready\n${output}`));
    });
  });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface ServerOptions {
  dbPath?: string;
  port?: number;
  clockSpeed?: number;
  /** The development OAuth provider (`--dev-oauth`): the QR login tests need it. */
  devOAuth?: boolean;
  /** `--public-url`: where emailed links point. */
  publicUrl?: string;
  /** Any further server flags. */
  args?: string[];
  /** Extra environment (e.g. SPAWNPOINT_DATA_DIR for a PostgreSQL database). */
  env?: NodeJS.ProcessEnv;
}

/** Each started server's clock (origin and speed), so a test can compute the authenticator code of the server's time. */
const serverClocks = new Map<string, { now: () => number; speed: number }>();
/** The demo admin's token per server (a step's code signs in once), dropped when a new server takes the address. */
const adminTokens = new Map<string, Promise<string>>();

/** The server's time now (its --clock-speed from its --clock-origin). */
export function serverNow(serverUrl: string): number {
  return serverClocks.get(serverUrl)?.now() ?? Date.now();
}

/** A server started elsewhere (a cluster's front door) whose clock is not real time: its time, for its authenticator codes. */
export function registerServerClock(serverUrl: string, now: () => number, speed: number): void {
  serverClocks.set(serverUrl, { now, speed });
  adminTokens.delete(serverUrl);
}

export async function startServer(options: ServerOptions = {}): Promise<Running> {
  const args = ['src/server/main.ts', '--seed', 'demo', '--port', String(options.port ?? 0), '--renderer-dir', RENDERER_DIR];
  args.push(...(options.dbPath ? ['--db', options.dbPath] : ['--memory']));
  const extra = options.args ?? [];
  const givenOrigin = extra.indexOf('--clock-origin');
  const origin = givenOrigin >= 0 ? Number(extra[givenOrigin + 1]) : Date.now();
  if (options.clockSpeed) {
    args.push('--clock-speed', String(options.clockSpeed));
    // A known origin: the tests know the server's time (its authenticator codes).
    if (givenOrigin < 0) args.push('--clock-origin', String(origin));
  }
  if (options.devOAuth) args.push('--dev-oauth');
  if (options.publicUrl) args.push('--public-url', options.publicUrl);
  args.push(...extra);
  const running = await startProcess(args, /listening on (https?:\/\/\S+)/, 30_000, { env: options.env });
  const speed = options.clockSpeed ?? 1;
  serverClocks.set(running.url, { now: () => origin + (Date.now() - origin) * speed, speed });
  adminTokens.delete(running.url);
  return running;
}


/**
 * The SPEC-minimal cafe server (tests/support/spec-minimal-server.ts): the
 * second server personality, answering only the SPEC's minimal shapes.
 */
export function startSpecMinimalServer(stationId = '1'): Promise<Running> {
  return startProcess(['tests/support/spec-minimal-server.ts', '--station-id', stationId], /listening on (https?:\/\/\S+)/);
}

/** The demo seed's stations: st-01…st-08, MAC 02:53:50:00:00:0N, PC-0N. */
export function demoStation(number: number) {
  const pad = String(number).padStart(2, '0');
  return { id: `st-${pad}`, number, mac: `02:53:50:00:00:${pad}`, pcName: `PC-${pad}` };
}

/**
 * The built renderer the web shells serve: out/renderer, or the directory in
 * SPAWNPOINT_RENDERER_DIR (e.g. from `electron-vite build --outDir out-mine`)
 * so parallel work can build without swapping files under a running test.
 */
export const RENDERER_DIR = process.env.SPAWNPOINT_RENDERER_DIR ?? 'out/renderer';

export interface StartWebShellOptions {
  /** Default true: enrol with a pairing code from the admin API. false: a station with no credential (what a SPEC-only server sees). */
  enrol?: boolean;
  /** Default true: serve the /__shell/ test hooks (--test-hooks). */
  testHooks?: boolean;
  /** The station id instead of the demo seed's st-0N (the SPEC-minimal server numbers its stations). */
  stationId?: string;
}

/**
 * A web shell for demo station N. By default it is enrolled: a pairing code
 * from the admin API (pairingCode below) is passed with --pairing-code and a
 * fresh temporary --data-dir, and this resolves only once the shell has
 * stored its credential (it throws, with the shell's output, otherwise).
 * The data directory is removed when the shell is stopped.
 */
export async function startWebShell(serverUrl: string, stationNumber: number, options: StartWebShellOptions = {}): Promise<Running> {
  const station = { ...demoStation(stationNumber), ...(options.stationId ? { id: options.stationId } : {}) };
  const enrol = options.enrol !== false;
  const dataDir = mkdtempSync(join(tmpdir(), `spawnpoint-${station.id}-`));
  const removeDataDir = () => rmSync(dataDir, { recursive: true, force: true });
  const args = [
    'src/main/web-shell/cli.ts',
    '--server', serverUrl,
    '--station-id', station.id,
    '--mac', station.mac,
    '--pc-name', station.pcName,
    '--port', '0',
    '--renderer-dir', RENDERER_DIR,
    '--data-dir', dataDir,
  ];
  if (options.testHooks !== false) args.push('--test-hooks');
  let running: Running;
  try {
    if (enrol) args.push('--pairing-code', await pairingCode(serverUrl, station.id));
    running = await startProcess(args, /at (http:\/\/\S+)/);
  } catch (error) {
    removeDataDir();
    throw error;
  }
  if (enrol && !/enrolment: station \S+ enrolled with/.test(running.output())) {
    await running.stop();
    removeDataDir();
    throw new Error(`the web shell for ${station.id} started but did not enrol:\n${running.output()}`);
  }
  return {
    ...running,
    stop: async () => {
      await running.stop();
      removeDataDir();
    },
  };
}

/** Run the admin CLI (`npm run cafe -- …`) against a server; resolves with its output. */
export async function cafe(serverUrl: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  // The CLI signs in as the demo admin with the token the tests hold (its authenticator's code is good once a step).
  const token = await adminToken(serverUrl);
  const child = spawn(TSX, ['src/server/cli/cafe.ts', '--server', serverUrl, ...args], {
    cwd: ROOT,
    env: { ...process.env, SPAWNPOINT_ADMIN_PASSWORD: DEMO_ADMIN.password, SPAWNPOINT_ADMIN_TOKEN: token, FORCE_COLOR: '0' },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code: code ?? 1, stdout, stderr })));
}

/**
 * An admin bearer token for the demo cafe: its owner `admin` with its
 * authenticator's code (an owner without one gets no token, issue 22); one
 * per server, kept (a step's code signs in once).
 */
export function adminToken(serverUrl: string): Promise<string> {
  let token = adminTokens.get(serverUrl);
  if (!token) {
    token = signInDemoAdmin(
      () => serverNow(serverUrl),
      async (totp) => {
        const res = await fetch(`${serverUrl}/admin/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: DEMO_ADMIN.username, password: DEMO_ADMIN.password, totp }),
        });
        const body = (await res.json().catch(() => ({}))) as { accessToken?: string; message?: string };
        return { status: res.status, ...body };
      },
      serverClocks.get(serverUrl)?.speed ?? 1,
    );
    token.catch(() => adminTokens.delete(serverUrl));
    adminTokens.set(serverUrl, token);
  }
  return token;
}

/**
 * A one-time pairing code for a station, from the admin API
 * (`POST /admin/stations/:stationId/pairing-code`, what `npm run cafe -- pair` does).
 */
export async function pairingCode(serverUrl: string, stationId: string): Promise<string> {
  const token = await adminToken(serverUrl);
  const path = `/admin/stations/${encodeURIComponent(stationId)}/pairing-code`;
  const res = await fetch(`${serverUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) {
    const hint = res.status === 404 ? ' (this server does not issue pairing codes; start the web shell with { enrol: false })' : '';
    throw new Error(`no pairing code for ${stationId}: POST ${path} answered ${res.status} ${await res.text()}${hint}`);
  }
  const body = (await res.json()) as { pairingCode?: unknown };
  if (typeof body.pairingCode !== 'string') throw new Error(`no pairing code for ${stationId}: POST ${path} answered without pairingCode`);
  return body.pairingCode;
}

/**
 * Enrol demo station N as its installer would (pairing code, then the one
 * exchange) and return its credential, for tests that call the server the way
 * that station's renderer does (header `X-Station-Credential`).
 */
export async function stationCredential(serverUrl: string, stationNumber: number): Promise<string> {
  const station = demoStation(stationNumber);
  const code = await pairingCode(serverUrl, station.id);
  const res = await fetch(`${serverUrl}/station-enrolment/exchange`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ stationId: station.id, pairingCode: code, macAddress: station.mac, pcName: station.pcName }),
  });
  const body = (await res.json()) as { stationCredential?: unknown };
  if (!res.ok || typeof body.stationCredential !== 'string') {
    throw new Error(`enrolment of ${station.id} failed: ${res.status} ${JSON.stringify(body)}`);
  }
  return body.stationCredential;
}

/** Every pid below a process (tsx runs the server in a child node process). */
export function descendants(pid: number): number[] {
  let listing = '';
  try {
    listing = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  } catch {
    return []; // ps exits 1 when there are none
  }
  const children = listing
    .split('\n')
    .map((line) => Number(line.trim()))
    .filter((n) => n > 0);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** kill -9 a started process and its whole tree: no chance to close anything. */
export async function killHard(running: Running): Promise<void> {
  const pid = running.process.pid;
  if (pid === undefined) throw new Error('the process has no pid');
  const tree = descendants(pid);
  const exited = new Promise((resolve) => running.process.once('exit', resolve));
  for (const child of tree) {
    try {
      process.kill(child, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  running.process.kill('SIGKILL');
  await exited;
}
