/**
 * Issue 3 end to end, in Chromium against the real server process: the
 * station-status overlay, remote commands (deduplicated, per station), the
 * balance running out and the 10/5/3-minute warnings on a time-compressed
 * server clock.
 */
import { cafe as runCafe, startServer, startWebShell, demoStation, type Running } from '../support/processes.js';
import { expect, shoot, test } from './fixtures.js';
import { adminCall, clearShellActions, shellActions } from './realtime-support.js';

test('set-status shows the blocking overlay with the SPEC texts; available removes it', async ({ page, cafe }) => {
  const station = await cafe.station(2);
  await page.goto(station.url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });

  expect((await runCafe(cafe.server.url, 'set-status', station.id, 'maintenance')).code).toBe(0);
  const overlay = page.getByRole('alertdialog');
  await expect(overlay.getByRole('heading', { name: 'Station Under Maintenance' })).toBeVisible();
  await expect(overlay.getByText('Station 2 is currently maintenance')).toBeVisible();
  await expect(overlay.getByText('This status was set by an administrator')).toBeVisible();
  await shoot(page, '10-status-maintenance');

  expect((await runCafe(cafe.server.url, 'set-status', station.id, 'available')).code).toBe(0);
  await expect(overlay).toBeHidden();

  expect((await runCafe(cafe.server.url, 'set-status', station.id, 'reserved')).code).toBe(0);
  await expect(overlay.getByRole('heading', { name: 'Station Reserved' })).toBeVisible();
  await expect(overlay.getByText('Station 2 is currently reserved')).toBeVisible();
  await shoot(page, '11-status-reserved');

  // A station that starts while held shows the overlay from the start.
  await page.reload();
  await expect(overlay.getByRole('heading', { name: 'Station Reserved' })).toBeVisible({ timeout: 15_000 });
});

test('a command runs once within 3 s even if sent twice, and only on its own station', async ({ browser, cafe }) => {
  const mine = await cafe.station(3);
  const other = await cafe.station(4);
  const pc3 = await browser.newPage();
  const pc4 = await browser.newPage();
  await pc3.goto(mine.url);
  await pc4.goto(other.url);
  await expect(pc3).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(pc4).toHaveURL(/\/login$/, { timeout: 15_000 });
  await clearShellActions(mine.url);
  await clearShellActions(other.url);

  const path = `/admin/stations/${mine.id}/command`;
  const first = (await adminCall(cafe.server.url, 'POST', path, { command: 'OPEN_TASK_MANAGER' })) as { timestamp: string };
  // The same command, station and timestamp again (an operator's retry) within 3 s.
  await adminCall(cafe.server.url, 'POST', path, { command: 'OPEN_TASK_MANAGER', timestamp: first.timestamp });
  await expect.poll(async () => (await shellActions(mine.url)).map((a) => a.action)).toContain('os.openTaskManager');
  // Give the duplicate every chance to arrive, then count.
  await pc3.waitForTimeout(1_000);
  expect((await shellActions(mine.url)).filter((a) => a.action === 'os.openTaskManager')).toHaveLength(1);

  // Each remote command reaches the shell's OS action.
  expect((await runCafe(cafe.server.url, 'command', mine.id, 'RESTART_PC')).code).toBe(0);
  expect((await runCafe(cafe.server.url, 'command', mine.id, 'SHUTDOWN_PC')).code).toBe(0);
  expect((await runCafe(cafe.server.url, 'command', mine.id, 'RENAME_PC', '--name', 'VIP-03')).code).toBe(0);
  await expect
    .poll(async () => (await shellActions(mine.url)).map((a) => [a.action, ...a.args]))
    .toEqual(expect.arrayContaining([['os.restart'], ['os.shutdown'], ['os.renamePc', 'VIP-03']]));

  // An unusable name never reaches the shell: the kiosk says so instead.
  expect((await runCafe(cafe.server.url, 'command', mine.id, 'RENAME_PC', '--name', 'bad name; rm')).code).toBe(0);
  await expect(pc3.getByText('PC Rename Failed')).toBeVisible();
  expect((await shellActions(mine.url)).filter((a) => a.action === 'os.renamePc')).toHaveLength(1);

  // The other station did nothing at all.
  expect((await shellActions(other.url)).filter((a) => a.action.startsWith('os.'))).toEqual([]);
});

test('LOGOUT_USER logs the customer out to /login', async ({ page, cafe }) => {
  const station = await cafe.station(5);
  await page.goto(station.url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await page.getByLabel('Username').fill('sara');
  await page.getByLabel('Password').fill('sara12345');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await clearShellActions(station.url);
  expect((await runCafe(cafe.server.url, 'command', station.id, 'LOGOUT_USER')).code).toBe(0);
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await shellActions(station.url)).map((a) => a.action)).toContain('notify.UserLogout');
});

test.describe('on a time-compressed server clock', () => {
  let server: Running | undefined;
  let shell: Running | undefined;
  test.afterEach(async () => {
    await shell?.stop();
    await server?.stop();
  });

  test('warnings at 10, 5 and 3 minutes reach the shell, and the balance running out locks to /login', async ({ page }) => {
    test.setTimeout(120_000);
    // 30× : one billing minute every 2 s of real time.
    server = await startServer({ clockSpeed: 30 });
    shell = await startWebShell(server.url, 6);
    const station = demoStation(6);
    await page.goto(shell.url);
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await clearShellActions(shell.url);

    expect((await runCafe(server.url, 'unlock-guest', station.id, '--minutes', '12')).code).toBe(0);
    await expect(page).toHaveURL(/\/dashboard$/);

    const warnings = async () =>
      (await shellActions(shell!.url))
        .filter((a) => a.action === 'notify.TimeRemaining')
        .map((a) => (a.args[0] as { minutes: number }).minutes);
    await expect.poll(warnings, { timeout: 40_000 }).toEqual([10]);
    await shoot(page, '12-ten-minutes-left');
    await expect.poll(warnings, { timeout: 40_000 }).toEqual([10, 5]);
    await expect.poll(warnings, { timeout: 40_000 }).toEqual([10, 5, 3]);

    // The prepaid minutes run out: the server ends the session and the station locks.
    await expect(page).toHaveURL(/\/login$/, { timeout: 40_000 });
    expect(await warnings()).toEqual([10, 5, 3]);
    await expect.poll(async () => (await shellActions(shell!.url)).map((a) => a.action)).toContain('notify.UserLogout');
  });
});
