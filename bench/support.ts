/** Shared pieces of the benchmarks: percentiles, process trees, memory, a hard kill. */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import type { Running } from '../tests/support/processes.js';
import { RENDERER_DIR, descendants } from '../tests/support/processes.js';
import { api } from '../tests/server/support/harness.js';

export const ROOT = join(import.meta.dirname, '..');
export const CHROMIUM = process.env.SPAWNPOINT_CHROMIUM ?? '/usr/bin/chromium';

/** The headless Debian Chromium every browser benchmark drives. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
}

/** The p-th percentile (0–100) by nearest rank. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const ms = (n: number) => `${n.toFixed(0)} ms`;

/** Resident memory of a process, in MiB, from /proc. */
export function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** The server's own node process (the deepest descendant of the tsx wrapper). */
export function serverPid(running: Running): number {
  const pid = running.process.pid!;
  return descendants(pid).at(-1) ?? pid;
}

/** The built renderer the benchmarks drive (SPAWNPOINT_RENDERER_DIR may be absolute). */
export const RENDERER_PATH = resolve(ROOT, RENDERER_DIR);

/** The benchmarks drive the built renderer; build it if it is missing (or always, with `force`). */
export function ensureRenderer(force = false): void {
  if (!force && existsSync(join(RENDERER_PATH, 'index.html'))) return;
  console.log(`bench: no renderer in ${RENDERER_DIR}; building it (electron-vite build)…`);
  const built = spawnSync('npx', ['electron-vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('renderer build failed');
}

/** The admin's bearer token: the same helper the server tests use. */
export { adminToken } from '../tests/server/support/harness.js';

export async function adminPost(serverUrl: string, token: string, path: string, body: unknown = {}): Promise<unknown> {
  const res = await api(serverUrl, 'POST', path, { token, body });
  if (res.status !== 200) throw new Error(`POST ${path}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}
