/**
 * Front-end size: the JavaScript a station downloads and parses before its
 * first screen (the entry chunk and everything it imports statically), in
 * gzip bytes; then what it has loaded by the time the lock screen (the login
 * screen a locked station shows) is up — the entry, the station chunk and the
 * login screen's chunk with their static imports; and the largest chunks of
 * the build. Reads out/renderer (builds it when missing, or always with
 * `--build`).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { RENDERER_PATH } from './support.js';

/** The budget for the initial renderer JavaScript. */
export const INITIAL_JS_BUDGET_KB = 150;

/** The chunks loaded before the lock screen shows, besides the entry: the station, then the login screen. */
export const LOCK_SCREEN_CHUNKS = [/^startStation-/, /^LoginScreen-/];

export interface ChunkSize {
  file: string;
  bytes: number;
  gzip: number;
}

export interface BundleResult {
  /** Chunks loaded before the first screen, entry first. */
  initial: ChunkSize[];
  initialGzip: number;
  /** Chunks loaded before the lock screen shows (the initial ones, the station chunk, the login screen's). */
  lockScreen: ChunkSize[];
  lockScreenGzip: number;
  /** Every chunk, largest (gzip) first. */
  chunks: ChunkSize[];
}

const STATIC_IMPORT = /(?:\bfrom\s*|\bimport\s*)["']\.\/([^"']+\.js)["']/g;

function size(dir: string, file: string): ChunkSize {
  const bytes = readFileSync(join(dir, file));
  return { file, bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

/** The files `entries` load: themselves and everything they import statically. */
function closure(assets: string, entries: string[]): string[] {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(assets, file), 'utf8');
    for (const match of code.matchAll(STATIC_IMPORT)) queue.push(match[1]!);
  }
  return [...seen];
}

const total = (chunks: ChunkSize[]) => chunks.reduce((sum, chunk) => sum + chunk.gzip, 0);

/** The sizes of the build in `dir` (out/renderer). */
export function measureBundle(dir = RENDERER_PATH): BundleResult {
  const html = readFileSync(join(dir, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const assets = join(dir, 'assets');
  const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
  const initial = closure(assets, entries).map((file) => size(assets, file));
  const lockEntries = [...entries, ...LOCK_SCREEN_CHUNKS.flatMap((name) => files.filter((file) => name.test(file)))];
  const lockScreen = closure(assets, lockEntries).map((file) => size(assets, file));
  const chunks = files.map((file) => size(assets, file)).sort((a, b) => b.gzip - a.gzip);
  return { initial, initialGzip: total(initial), lockScreen, lockScreenGzip: total(lockScreen), chunks };
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** The report lines: initial size against the budget, then the largest chunks. */
export function describeBundle(result: BundleResult, largest = 8): string[] {
  const verdict = result.initialGzip / 1024 <= INITIAL_JS_BUDGET_KB ? 'within' : 'OVER';
  return [
    `initial renderer JS: ${kb(result.initialGzip)} gzip in ${result.initial.length} chunk(s) (${verdict} the ${INITIAL_JS_BUDGET_KB} KB budget)`,
    ...result.initial.map((c) => `  initial  ${c.file}: ${kb(c.gzip)} gzip (${kb(c.bytes)} raw)`),
    `loaded when the lock screen shows: ${kb(result.lockScreenGzip)} gzip in ${result.lockScreen.length} chunk(s)`,
    `largest chunks:`,
    ...result.chunks.slice(0, largest).map((c) => `  ${c.file}: ${kb(c.gzip)} gzip (${kb(c.bytes)} raw)`),
  ];
}
