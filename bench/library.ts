/**
 * The games library with 5,000 games (issue 11), in Chromium: the first
 * render of the dashboard with 5,000 entries (the library's answer handed to
 * the page → the grid's first cards painted), then keystroke → filtered grid
 * painted, per keystroke, while a search is typed and erased. The station's
 * library answer is replaced with 5,000 entries at the network (page.route),
 * so the server is the real one and the renderer is the built one.
 */
import { startServer, startWebShell, demoStation } from '../tests/support/processes.js';
import { adminPost, adminToken, launchChromium, percentile } from './support.js';

export const LIBRARY_SIZE = 5000;

/** Strings, not functions: tsx would wrap a function's inner names in helpers the page lacks. */
const WATCH_FIRST_CARDS = `(() => {
  delete window.__cardsAt;
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid=game-card]')) {
      observer.disconnect();
      requestAnimationFrame(() => setTimeout(() => { window.__cardsAt = Date.now(); }, 0));
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
})()`;

/**
 * Each keystroke in the search box: from the key event to the frame after the
 * filtered grid (rAF, then a task); and the browser's own view of the same
 * typing — its event-timing entries (every key event of 16 ms or more, with
 * the time spent in our handlers apart from the rest: style, layout, paint,
 * raster) and its long tasks (50 ms or more).
 */
const WATCH_KEYSTROKES = `(() => {
  window.__keystrokes = [];
  window.__slowEvents = [];
  window.__longTasks = [];
  const input = document.querySelector('input[type=search]');
  input.addEventListener('keydown', (event) => {
    const start = event.timeStamp;
    requestAnimationFrame(() => setTimeout(() => window.__keystrokes.push(performance.now() - start), 0));
  }, true);
  const since = performance.now();
  // One set of observers: the previous round's would count this round's events again.
  for (const observer of window.__observers || []) observer.disconnect();
  const events = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.startTime < since || !['keydown', 'keypress', 'keyup', 'input', 'beforeinput'].includes(e.name)) continue;
      window.__slowEvents.push({ name: e.name, duration: e.duration, handlers: e.processingEnd - e.processingStart, delay: e.processingStart - e.startTime });
    }
  });
  events.observe({ type: 'event', durationThreshold: 16 });
  const longTasks = new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.startTime >= since) window.__longTasks.push(e.duration);
  });
  longTasks.observe({ type: 'longtask' });
  window.__observers = [events, longTasks];
})()`;

export interface SlowEvent {
  name: string;
  /** Event start → the next frame painted after its handlers (the browser's figure, 8 ms steps). */
  duration: number;
  /** Time in the page's handlers (our code and React's render inside them). */
  handlers: number;
  /** Waiting before the handlers ran. */
  delay: number;
}

export interface LibraryResult {
  firstRender: number[];
  keystrokes: number[];
  p50: number;
  p95: number;
  max: number;
  domCards: number;
  /** Key events the browser timed at 16 ms or more (event timing), over all rounds. */
  slowEvents: SlowEvent[];
  /** Long tasks (≥ 50 ms) while typing, ms. */
  longTasks: number[];
  /** Key events typed (keydown, keypress and keyup of every keystroke count as one keystroke's events). */
  keystrokeCount: number;
  /** Rounds that could not be measured, and why. */
  missed: string[];
}

function entries(count: number) {
  return Array.from({ length: count }, (_, i) => ({
    Json_ID: `game-bulk-${i}`,
    Name: `Bulk Game ${String(i).padStart(4, '0')} ${['Arena', 'Siege', 'Legends', 'Racing', 'Tactics'][i % 5]}`,
    Thumbnail: '',
    Platform: [3, 4, 5, 6, 7, 8, 11, 1, 2][i % 9],
    Categories: [i % 31, (i * 7) % 31],
    IsMultiPlatform: false,
    App_ID: null,
  }));
}

async function waitFor<T>(read: () => Promise<T | null | undefined>, what: string, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export async function benchLibrary(rounds = 3, query = 'bulk game 12 siege'): Promise<LibraryResult> {
  const server = await startServer();
  const shell = await startWebShell(server.url, 1);
  const browser = await launchChromium();
  const body = JSON.stringify(entries(LIBRARY_SIZE));
  let answeredAt = 0;
  const firstRender: number[] = [];
  const keystrokes: number[] = [];
  let domCards = 0;
  const slowEvents: SlowEvent[] = [];
  const longTasks: number[] = [];
  const missed: string[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.route('**/games/station/**', async (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      answeredAt = Date.now();
      await route.fulfill({ status: 200, contentType: 'application/json', body });
    });
    await page.goto(shell.url);
    await page.waitForURL(/\/login$/, { timeout: 30_000 });
    await page.waitForSelector('[data-testid=connection-banner]', { state: 'detached', timeout: 30_000 });
    const token = await adminToken(server.url);
    const station = demoStation(1);
    for (let round = 0; round < rounds; round += 1) {
      let sessionId: string | null = null;
      try {
        await page.waitForSelector('[data-testid=login-screen]', { timeout: 15_000 });
        await page.evaluate(WATCH_FIRST_CARDS);
        ({ sessionId } = (await adminPost(server.url, token, `/admin/stations/${station.id}/unlock-guest`)) as { sessionId: string });
        const cardsAt = await waitFor(() => page.evaluate('window.__cardsAt') as Promise<number | undefined>, 'the first cards');
        firstRender.push(cardsAt - answeredAt);
        domCards = await page.locator('[data-testid=game-card]').count();

        const search = page.locator('input[type=search]');
        await page.evaluate(WATCH_KEYSTROKES);
        await search.click();
        await page.keyboard.type(query, { delay: 60 });
        for (let i = 0; i < query.length; i += 1) await page.keyboard.press('Backspace', { delay: 30 });
        await page.waitForTimeout(200);
        keystrokes.push(...((await page.evaluate('window.__keystrokes')) as number[]));
        slowEvents.push(...((await page.evaluate('window.__slowEvents')) as SlowEvent[]));
        longTasks.push(...((await page.evaluate('window.__longTasks')) as number[]));
      } catch (error) {
        missed.push(`round ${round + 1}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
      } finally {
        if (sessionId) await adminPost(server.url, token, `/admin/sessions/${sessionId}/end`).catch(() => undefined);
      }
    }
  } finally {
    await browser.close();
    await shell.stop();
    await server.stop();
  }
  if (keystrokes.length === 0) throw new Error(`no round could be measured: ${missed[0] ?? 'no keystroke'}`);
  return {
    firstRender,
    slowEvents,
    longTasks,
    keystrokeCount: keystrokes.length,
    missed,
    keystrokes,
    p50: percentile(keystrokes, 50),
    p95: percentile(keystrokes, 95),
    max: Math.max(...keystrokes),
    domCards,
  };
}
