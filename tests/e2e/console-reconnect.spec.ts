/**
 * The console never loses the room (issue 23): staff keep the console open while the cafe server is
 * stopped (its own disconnect: socket.io never retries that by itself) and while it is killed hard (the
 * network or a node dying: the transport just closes). Each time the console says it is away, greys the
 * room, comes back by itself within the kiosk's retry delay once the server is back — with no reload —
 * and the room it shows is the server's again (a PC put in maintenance from the CLI shows live).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_STAFF } from '../../src/server/seed/console.js';
import { cafe as runCafe, killHard, startServer, type Running } from '../support/processes.js';
import { signIn } from './console-support.js';
import { expect, shoot, test } from './fixtures.js';

let dir: string;
let server: Running | undefined;

test.beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'spawnpoint-console-restart-'));
});
test.afterEach(async () => {
  await server?.stop();
  server = undefined;
  rmSync(dir, { recursive: true, force: true });
});

test('an open console survives a server restart and a hard kill without a reload, and shows the room as it is now', async ({ page }) => {
  test.setTimeout(120_000);
  const dbPath = join(dir, 'cafe.sqlite');
  server = await startServer({ dbPath });
  const port = Number(new URL(server.url).port);
  await signIn(page, server.url, DEMO_STAFF);
  // A mark on this very page: a reload would wipe it.
  await page.evaluate(() => ((window as unknown as { sameConsole: boolean }).sameConsole = true));
  const link = page.getByRole('status').filter({ hasText: /Live|Reconnecting/ });
  const tile = (n: number) => page.locator(`.tile[data-station="st-0${n}"]`);
  await expect(tile(3)).toContainText('Offline');

  for (const how of ['restart', 'kill -9'] as const) {
    if (how === 'restart') await server.stop();
    else await killHard(server);
    await expect(link).toHaveText('Reconnecting…');
    await expect(page.getByTestId('link-away')).toContainText('Connection to the server lost at');
    if (how === 'restart') await shoot(page, 'console-away-ltr');
    // Well past socket.io's own give-up point for a server disconnect: the console keeps trying.
    await page.waitForTimeout(4_000);
    server = await startServer({ dbPath, port });
    await expect(link).toHaveText('Live', { timeout: 10_000 });
    await expect(page.getByTestId('link-away')).toBeHidden();
    // The room is live again: a PC put in maintenance from the CLI shows on its tile, pushed, not reloaded.
    const station = how === 'restart' ? 3 : 4;
    const set = await runCafe(server.url, 'set-status', `st-0${station}`, 'maintenance');
    expect(set.code, set.stderr).toBe(0);
    await expect(tile(station)).toContainText('Maintenance');
  }
  expect(await page.evaluate(() => (window as unknown as { sameConsole?: boolean }).sameConsole)).toBe(true);
  await shoot(page, 'console-back-ltr');
});
