/**
 * What the kiosk costs while nobody looks at it (issue 27): the idle lock
 * screen, then the kiosk as it is while a customer plays — a guest session
 * running, a game launched (the shell's AppLaunched), the window stepped back
 * (the shell minimizes it: the page is hidden and loses the focus) — each
 * measured over `durationMs` (5 minutes by default):
 *
 * - renderer CPU: the renderer processes' CPU time (Chromium's process list),
 *   and the page's main-thread task time (Performance.getMetrics TaskDuration),
 *   as a share of one core;
 * - timer wake-ups per minute: every setTimeout/setInterval/requestIdleCallback
 *   callback the page ran, grouped by kind and delay;
 * - animation frames: requestAnimationFrame callbacks the page ran, and the
 *   CSS animations running at the end;
 * - JS heap (after a garbage collection) at the start and at the end, and
 *   sampled every 30 s in between; DOM size (elements in the document and
 *   Chromium's node count).
 *
 * Headless Chromium cannot hide a page (a minimized Electron window does), so
 * the bench hides it for the page's own code: document.visibilityState,
 * document.hidden and hasFocus() answer as in a minimized window, with the
 * visibilitychange and blur events. The browser still paints such a page, so
 * a CSS animation left running costs here what it would not cost in a
 * minimized window: the CPU figure is an upper bound.
 */
import type { Browser, CDPSession, Page } from '@playwright/test';
import { demoStation, startServer, startWebShell } from '../tests/support/processes.js';
import { adminPost, adminToken, launchChromium } from './support.js';

export const DEFAULT_BACKGROUND_MS = 5 * 60_000;

export interface BackgroundFigures {
  state: 'lock screen' | 'playing, hidden';
  seconds: number;
  /** Renderer processes' CPU time over the window, % of one core. */
  cpuPercent: number;
  /** The page's main-thread task time, % of one core. */
  mainThreadPercent: number;
  wakeupsPerMinute: number;
  /** Callbacks run per kind and delay ("interval 1000ms"), over the window. */
  timers: Record<string, number>;
  animationFrames: number;
  runningCssAnimations: number;
  heapStartMiB: number;
  heapEndMiB: number;
  /** Heap used every 30 s (no forced collection), MiB. */
  heapSamplesMiB: number[];
  domElements: number;
  domNodes: number;
}

/**
 * Installed before the renderer's own code: counts timer and frame callbacks,
 * and lets the bench hide the page for its code (see above). A string, not a
 * function: tsx would wrap a function's inner names in helpers the page lacks.
 */
const INSTRUMENT = `(() => {
  if (window.__bench) return;
  const counts = {};
  let frames = 0;
  let hidden = false;
  const bump = (key) => { counts[key] = (counts[key] || 0) + 1; };
  const wrap = (fn, key) => typeof fn === 'function' ? function () { bump(key); return fn.apply(this, arguments); } : fn;
  const setTimeout0 = window.setTimeout, setInterval0 = window.setInterval;
  const raf0 = window.requestAnimationFrame, idle0 = window.requestIdleCallback;
  window.setTimeout = function (fn, ms, ...rest) { return setTimeout0.call(window, wrap(fn, 'timeout ' + (Number(ms) || 0) + 'ms'), ms, ...rest); };
  window.setInterval = function (fn, ms, ...rest) { return setInterval0.call(window, wrap(fn, 'interval ' + (Number(ms) || 0) + 'ms'), ms, ...rest); };
  window.requestAnimationFrame = function (fn) { return raf0.call(window, function (t) { frames += 1; return fn(t); }); };
  if (idle0) window.requestIdleCallback = function (fn, options) { return idle0.call(window, wrap(fn, 'idle callback'), options); };
  Object.defineProperty(Document.prototype, 'visibilityState', { configurable: true, get() { return hidden ? 'hidden' : 'visible'; } });
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get() { return hidden; } });
  const hasFocus0 = Document.prototype.hasFocus;
  Document.prototype.hasFocus = function () { return hidden ? false : hasFocus0.call(this); };
  window.__bench = {
    reset() { for (const key of Object.keys(counts)) delete counts[key]; frames = 0; },
    read() {
      return {
        counts: { ...counts },
        frames,
        elements: document.getElementsByTagName('*').length,
        animations: document.getAnimations().filter((a) => a.playState === 'running').length,
      };
    },
    setHidden(next) {
      hidden = next;
      if (next) window.dispatchEvent(new Event('blur'));
      document.dispatchEvent(new Event('visibilitychange'));
      if (!next) window.dispatchEvent(new Event('focus'));
    },
  };
})()`;

interface PageCounters {
  counts: Record<string, number>;
  frames: number;
  elements: number;
  animations: number;
}

const MiB = 1024 * 1024;

async function metrics(cdp: CDPSession): Promise<Record<string, number>> {
  const { metrics: list } = (await cdp.send('Performance.getMetrics')) as { metrics: { name: string; value: number }[] };
  return Object.fromEntries(list.map((m) => [m.name, m.value]));
}

/** CPU seconds of every renderer process of the browser. */
async function rendererCpu(browserCdp: CDPSession): Promise<number> {
  const { processInfo } = (await browserCdp.send('SystemInfo.getProcessInfo')) as {
    processInfo: { type: string; cpuTime: number }[];
  };
  return processInfo.filter((p) => p.type === 'renderer').reduce((sum, p) => sum + p.cpuTime, 0);
}

async function heapAfterGc(cdp: CDPSession): Promise<number> {
  await cdp.send('HeapProfiler.collectGarbage');
  return (await metrics(cdp)).JSHeapUsedSize! / MiB;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function measure(
  state: BackgroundFigures['state'],
  page: Page,
  cdp: CDPSession,
  browserCdp: CDPSession,
  durationMs: number,
): Promise<BackgroundFigures> {
  const heapStart = await heapAfterGc(cdp);
  await page.evaluate('window.__bench.reset()');
  const cpu0 = await rendererCpu(browserCdp);
  const task0 = (await metrics(cdp)).TaskDuration!;
  const started = Date.now();
  const heapSamples: number[] = [];
  // Sample the heap every 30 s; the wait itself is the measurement window.
  while (Date.now() - started < durationMs) {
    await sleep(Math.min(30_000, durationMs - (Date.now() - started)));
    heapSamples.push((await metrics(cdp)).JSHeapUsedSize! / MiB);
  }
  const seconds = (Date.now() - started) / 1000;
  const cpu1 = await rendererCpu(browserCdp);
  const after = await metrics(cdp);
  const counters = (await page.evaluate('window.__bench.read()')) as PageCounters;
  const heapEnd = await heapAfterGc(cdp);
  const wakeups = Object.values(counters.counts).reduce((sum, n) => sum + n, 0);
  return {
    state,
    seconds,
    cpuPercent: ((cpu1 - cpu0) / seconds) * 100,
    mainThreadPercent: ((after.TaskDuration! - task0) / seconds) * 100,
    wakeupsPerMinute: wakeups / (seconds / 60),
    timers: counters.counts,
    animationFrames: counters.frames,
    runningCssAnimations: counters.animations,
    heapStartMiB: heapStart,
    heapEndMiB: heapEnd,
    heapSamplesMiB: heapSamples,
    domElements: counters.elements,
    domNodes: after.Nodes ?? Number.NaN,
  };
}

async function shellEmit(shellUrl: string, message: object): Promise<void> {
  const res = await fetch(`${shellUrl}/__shell/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
  });
  if (!res.ok) throw new Error(`the shell refused ${JSON.stringify(message)}: ${res.status}`);
}

/** Each state's figures; `report` hears each state as soon as it is measured. */
export async function benchBackground(
  durationMs = DEFAULT_BACKGROUND_MS,
  report: (figures: BackgroundFigures) => void = () => undefined,
): Promise<BackgroundFigures[]> {
  const server = await startServer();
  const shell = await startWebShell(server.url, 1);
  let browser: Browser | null = null;
  const results: BackgroundFigures[] = [];
  try {
    browser = await launchChromium();
    const browserCdp = await browser.newBrowserCDPSession();
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.addInitScript(INSTRUMENT);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Performance.enable');
    await page.goto(shell.url);
    await page.waitForURL(/\/login$/, { timeout: 30_000 });
    await page.waitForSelector('[data-testid=connection-banner]', { state: 'detached', timeout: 30_000 });
    await page.waitForSelector('[data-testid=login-screen]', { timeout: 15_000 });
    // Let the login screen's own start-up (prefetch, side panel, first fetches) finish first.
    await sleep(5_000);
    results.push(await measure('lock screen', page, cdp, browserCdp, durationMs));
    report(results.at(-1)!);

    const token = await adminToken(server.url);
    await adminPost(server.url, token, `/admin/stations/${demoStation(1).id}/unlock-guest`);
    await page.waitForSelector('[data-testid=dashboard-screen]', { timeout: 15_000 });
    const card = await page.waitForSelector('[data-testid=game-card]', { timeout: 15_000 });
    const jsonId = await card.getAttribute('data-json-id');
    if (!jsonId) throw new Error('the first game card has no data-json-id');
    await shellEmit(shell.url, { command: 'AppLaunched', JsonID: jsonId });
    await page.evaluate('window.__bench.setHidden(true)');
    await sleep(5_000);
    results.push(await measure('playing, hidden', page, cdp, browserCdp, durationMs));
    report(results.at(-1)!);
  } finally {
    await browser?.close();
    await shell.stop();
    await server.stop();
  }
  return results;
}

/** The report lines of one state. */
export function describeBackground(f: BackgroundFigures): string[] {
  const timers = Object.entries(f.timers)
    .sort((a, b) => b[1] - a[1])
    .map(([key, n]) => `${key} ×${n}`)
    .join(', ');
  const heapTrend = f.heapSamplesMiB.map((n) => n.toFixed(1)).join(' ');
  return [
    `${f.state} (${(f.seconds / 60).toFixed(1)} min): renderer CPU ${f.cpuPercent.toFixed(2)} % of a core (main thread ${f.mainThreadPercent.toFixed(2)} %), ` +
      `${f.wakeupsPerMinute.toFixed(1)} timer wake-ups/min, ${f.animationFrames} animation frames, ${f.runningCssAnimations} CSS animations running, ` +
      `heap ${f.heapStartMiB.toFixed(1)} → ${f.heapEndMiB.toFixed(1)} MiB, DOM ${f.domElements} elements (${f.domNodes} nodes)`,
    `  timers: ${timers || 'none'}`,
    `  heap every 30 s (MiB): ${heapTrend}`,
  ];
}
