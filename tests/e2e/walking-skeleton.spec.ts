/**
 * The foundation's end-to-end path, as a new user meets it: the kiosk boots
 * through the splash to the login screen, a customer logs in and sees the
 * dashboard, staff unlock a guest on another PC from the admin CLI.
 */
import { adminToken, cafe as runCafe } from '../support/processes.js';
import { expect, shoot, test } from './fixtures.js';

test('splash → login → dashboard for a seeded customer, with heartbeats on the server', async ({ page, cafe }) => {
  const station = await cafe.station(1);
  await page.goto(station.url);

  // The splash: the product name in two colours and a progress bar.
  await expect(page.getByText('Spawn', { exact: true })).toBeVisible();
  await expect(page.getByText('point', { exact: true })).toBeVisible();
  await expect(page.getByRole('progressbar')).toBeVisible();
  await shoot(page, '01-splash');

  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.getByText('Or wait for guest unlock from admin')).toBeVisible();
  await shoot(page, '02-login');

  await page.getByLabel('Username').fill('ali');
  await page.getByLabel('Password').fill('ali12345');
  await page.getByRole('button', { name: 'Login', exact: true }).click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Welcome, ali')).toBeVisible();
  // 25,000 IQD at the Standard group's 1,500 IQD/hour buys 1,000 minutes = 16 h 40 min.
  await expect(page.getByTestId('session-clock-value')).toHaveText(/^16:(40|39)/);
  await expect(page.getByText('Counter-Strike 2').first()).toBeVisible();
  await shoot(page, '03-dashboard');

  // The station reported itself: at once on ready, with the SPEC §7 body.
  const token = await adminToken(cafe.server.url);
  const res = await fetch(`${cafe.server.url}/admin/stations/${station.id}/heartbeats`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  const beats = (await res.json()) as Array<{ body: Record<string, unknown> }>;
  expect(beats.length).toBeGreaterThan(0);
  expect(beats[0]!.body).toEqual({
    stationId: 'st-01',
    ipAddress: expect.any(String),
    macAddress: '02:53:50:00:00:01',
    metadata: {
      pcName: 'PC-01',
      clientVersion: '1.0.0',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    },
  });

  // And the server sees the session on that station.
  const stations = await runCafe(cafe.server.url, 'stations');
  expect(stations.code).toBe(0);
  expect(stations.stdout).toMatch(/st-01.*in_use.*ali/);
});

test('a wrong password is refused with the SPEC text', async ({ page, cafe }) => {
  const station = await cafe.station(3);
  await page.goto(`${station.url}/login`);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await page.getByLabel('Username').fill('ali');
  await page.getByLabel('Password').fill('not-his-password');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Invalid username or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await shoot(page, '04-login-wrong-password');
});

test('empty fields get the validation texts before anything is sent', async ({ page, cafe }) => {
  const station = await cafe.station(4);
  await page.goto(station.url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Username is required')).toBeVisible();
  await page.getByLabel('Username').fill('ali');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Password is required')).toBeVisible();
});

test('staff unlock a guest on a second station from the admin CLI', async ({ browser, cafe }) => {
  const first = await cafe.station(1);
  const second = await cafe.station(2);
  const pc1 = await browser.newPage();
  const pc2 = await browser.newPage();
  await pc1.goto(first.url);
  await pc2.goto(second.url);
  await expect(pc1).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(pc2).toHaveURL(/\/login$/, { timeout: 15_000 });

  const unlocked = await runCafe(cafe.server.url, 'unlock-guest', second.id);
  expect(unlocked.code, unlocked.stderr).toBe(0);

  await expect(pc2.getByText('Guest Access Granted! Loading dashboard...')).toBeVisible();
  await expect(pc2).toHaveURL(/\/dashboard$/);
  // Guest names show without the guest_ prefix.
  await expect(pc2.getByText(/^Welcome, (?!guest_)\w+/)).toBeVisible();
  await shoot(pc2, '05-guest-dashboard');

  // The other PC is untouched.
  await expect(pc1).toHaveURL(/\/login$/);

  // The server recorded the station's positive acknowledgement.
  const stations = await runCafe(cafe.server.url, 'stations');
  expect(stations.stdout).toMatch(/st-02.*in_use.*guest_/);
});

test('protected and unknown routes redirect', async ({ page, cafe }) => {
  const station = await cafe.station(5);
  await page.goto(`${station.url}/dashboard`);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await page.goto(`${station.url}/no/such/place`);
  await expect(page).toHaveURL(new RegExp(`^${station.url}/?$`));
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
});
