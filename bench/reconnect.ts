/**
 * Reconnect: a kiosk in Chromium with a running session; the server is
 * killed (kill -9) and started again on the same port and database, `cycles`
 * times. Measured: from the server printing "listening" to the kiosk's
 * connection banner going away (the page records the moment itself).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killHard, startServer, startWebShell, type Running } from '../tests/support/processes.js';
import { launchChromium, percentile } from './support.js';

/** Records in the page when the connection banner goes away (a string: see unlock.ts). */
const WATCH_BANNER_GONE = `(() => {
  delete window.__connectedAt;
  const observer = new MutationObserver(() => {
    if (!document.querySelector('[data-testid=connection-banner]')) {
      window.__connectedAt = Date.now();
      observer.disconnect();
    }
  });
  observer.observe(document.body, { childList: true, subtree: true });
})()`;

export interface ReconnectResult {
  samples: number[];
  p50: number;
  p95: number;
}

export async function benchReconnect(cycles = 10): Promise<ReconnectResult> {
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-bench-'));
  const dbPath = join(dir, 'cafe.sqlite');
  let server: Running = await startServer({ dbPath });
  const port = Number(new URL(server.url).port);
  const shell = await startWebShell(server.url, 1);
  const browser = await launchChromium();
  const samples: number[] = [];
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
    await page.goto(shell.url);
    await page.waitForURL(/\/login$/, { timeout: 30_000 });
    await page.getByLabel('Username').fill('ali');
    await page.getByLabel('Password').fill('ali12345');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.waitForURL(/\/dashboard$/);
    for (let i = 0; i < cycles; i += 1) {
      await killHard(server);
      await page.waitForSelector('[data-testid=connection-banner]', { timeout: 15_000 });
      await page.evaluate(WATCH_BANNER_GONE);
      server = await startServer({ dbPath, port });
      const backAt = Date.now();
      const connectedAt = await page.waitForFunction(
        () => (window as unknown as { __connectedAt?: number }).__connectedAt,
        undefined,
        { timeout: 30_000, polling: 50 },
      );
      samples.push(((await connectedAt.jsonValue()) as number) - backAt);
    }
  } finally {
    await browser.close();
    await shell.stop();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return { samples, p50: percentile(samples, 50), p95: percentile(samples, 95) };
}
