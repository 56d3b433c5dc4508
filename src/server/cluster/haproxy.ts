/**
 * HAProxy as the front door of a cluster on this machine: the template
 * (haproxy.cfg beside this file) gets one `server` line per node and is
 * written into a temporary folder; the listen address and the health check's
 * metrics token reach HAProxy through its environment (HAProxy expands
 * "${VAR}" itself), so the token is never on disk.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const HAPROXY_TEMPLATE = join(import.meta.dirname, 'haproxy.cfg');

export interface Backend {
  /** The node's name (its --node-id). */
  name: string;
  /** http://host:port of the node. */
  url: string;
}

export interface FrontDoor {
  url: string;
  /** The generated configuration (without the token). */
  configFile: string;
  process: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** The haproxy binary (Debian package `haproxy`), or null. */
export function haproxyBinary(): string | null {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy']) {
    if (existsSync(candidate)) return candidate;
  }
  const which = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return which.status === 0 && which.stdout.trim() ? which.stdout.trim() : null;
}

export const HAPROXY_MISSING =
  'HAProxy is not installed: Debian package haproxy (as root: node scripts/setup.mjs cluster, or apt-get install haproxy)';

/** The template with one `server` line per node. */
export function renderHaproxyConfig(backends: readonly Backend[], template = readFileSync(HAPROXY_TEMPLATE, 'utf8')): string {
  const lines = backends.map((b) => {
    if (!/^[A-Za-z0-9._-]{1,64}$/.test(b.name)) throw new Error(`not a node name: ${b.name}`);
    const { hostname, port } = new URL(b.url);
    return `    server ${b.name} ${hostname}:${port}`;
  });
  // The line that is only the marker (the comments name it too).
  return template.replace(/^\{\{servers\}\}$/m, lines.join('\n'));
}

/** A port nobody listens on right now (the kernel's pick). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface StartFrontDoorOptions {
  backends: readonly Backend[];
  metricsToken: string;
  host?: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** Each line HAProxy prints (warnings, servers going down and up). */
  onLine?: (line: string) => void;
  /** How long to wait for a node to answer /health through the proxy. */
  timeoutMs?: number;
}

/**
 * Checks the generated configuration (haproxy -c), starts HAProxy in the
 * foreground and resolves once a request through it reaches a healthy node.
 */
export async function startFrontDoor(options: StartFrontDoorOptions): Promise<FrontDoor> {
  const binary = haproxyBinary();
  if (!binary) throw new Error(HAPROXY_MISSING);
  const host = options.host ?? '127.0.0.1';
  const port = options.port || (await freePort(host));
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-haproxy-'));
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, renderHaproxyConfig(options.backends), { mode: 0o600 });
  const env = {
    ...process.env,
    SPAWNPOINT_PROXY_BIND: `${host}:${port}`,
    SPAWNPOINT_METRICS_TOKEN: options.metricsToken,
  };
  const check = spawnSync(binary, ['-c', '-f', configFile], { env, encoding: 'utf8' });
  if (check.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    throw new Error(`haproxy refused the configuration ${configFile}:\n${check.stdout}${check.stderr}`);
  }
  const child = spawn(binary, ['-db', '-f', configFile], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let pending = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    output += text;
    pending += text;
    let nl;
    while ((nl = pending.indexOf('\n')) !== -1) {
      options.onLine?.(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      await stop();
      throw new Error(`haproxy exited before it was ready:\n${output}`);
    }
    const ok = await fetch(`${url}/health`, { headers: { authorization: `Bearer ${options.metricsToken}` } })
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`no healthy node answered through haproxy at ${url} within ${options.timeoutMs ?? 15_000} ms:\n${output}`);
    }
    await pause(100);
  }
  return { url, configFile, process: child, output: () => output, stop };
}
