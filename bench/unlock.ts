/**
 * Unlock latency: from the admin unlock call leaving the operator to the
 * dashboard rendered in Chromium on the station, over `count` unlocks. The
 * page records when the dashboard appears (a MutationObserver, Date.now) and
 * the bench compares it with when the call was sent: one machine, one clock.
 */
import { chromium } from '@playwright/test';
import { demoStation, startServer, startWebShell } from '../tests/support/processes.js';
import { CHROMIUM, adminPost, adminToken, percentile } from './support.js';

/** Records in the page when the dashboard first appears. */
const WATCH_DASHBOARD = `(() => {
  delete window.__dashboardAt;
  const observer = new MutationObserver(() => {
    if (document.querySelector('[data-testid=dashboard-screen]')) {
      window.__dashboardAt = Date.now();
      observer.disconnect();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
})()`;

export interface UnlockResult {
  samples: number[];
  p50: number;
  p95: number;
}

export async function benchUnlock(count = 50): Promise<UnlockResult> {
  const server = await startServer();
  const shell = await startWebShell(server.url, 1);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu'] });
  const samples: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(shell.url);
    await page.waitForURL(/\/login$/, { timeout: 30_000 });
    const token = await adminToken(server.url);
    const station = demoStation(1);
    for (let i = 0; i < count; i += 1) {
      await page.waitForSelector('[data-testid=login-screen]', { timeout: 15_000 });
      // A string, not a function: tsx would wrap a function's inner names in helpers the page lacks.
      await page.evaluate(WATCH_DASHBOARD);
      const sentAt = Date.now();
      const { sessionId } = (await adminPost(server.url, token, `/admin/stations/${station.id}/unlock-guest`)) as {
        sessionId: string;
      };
      const shownAt = await page.waitForFunction(
        () => (window as unknown as { __dashboardAt?: number }).__dashboardAt,
        undefined,
        { timeout: 15_000, polling: 50 },
      );
      samples.push(((await shownAt.jsonValue()) as number) - sentAt);
      await adminPost(server.url, token, `/admin/sessions/${sessionId}/end`);
    }
  } finally {
    await browser.close();
    await shell.stop();
    await server.stop();
  }
  return { samples, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}
