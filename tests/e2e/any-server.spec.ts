/**
 * Issue 24: the station works against ANY server that follows the SPEC. The
 * kiosk's main journeys run twice: against our reference server (a web shell
 * enrolled with it) and against the SPEC-minimal server of
 * tests/support/spec-minimal-server.ts (numeric ids, §3 alternatives, bare
 * 2xx where the SPEC shows no answer, `200 {success:false}` refusals, an
 * unenrolled shell). Each personality is a small driver: how to start it, how
 * staff unlock a guest, and what its cafe holds.
 */
import type { Page } from '@playwright/test';
import {
  cafe as runCafe,
  startServer,
  startSpecMinimalServer,
  startWebShell,
  type Running,
} from '../support/processes.js';
import { ar } from '../../src/renderer/core/i18n/ar.js';
import { shellActions } from './realtime-support.js';
import { expect, kioskLogin, shoot, test as base } from './fixtures.js';

interface Personality {
  name: 'reference' | 'minimal';
  server: Running;
  station: Running;
  unlockGuest(): Promise<void>;
  /** A reward the customer ali can claim. */
  reward: string;
  /** ali's name on the profile. */
  displayName: string;
}

async function reference(): Promise<Personality> {
  const server = await startServer();
  const station = await startWebShell(server.url, 1);
  return {
    name: 'reference',
    server,
    station,
    reward: 'Free energy drink',
    displayName: 'Ali Hassan',
    async unlockGuest() {
      expect((await runCafe(server.url, 'unlock-guest', 'st-01')).code).toBe(0);
    },
  };
}

async function minimal(): Promise<Personality> {
  const server = await startSpecMinimalServer('1');
  const station = await startWebShell(server.url, 1, { enrol: false, stationId: '1' });
  return {
    name: 'minimal',
    server,
    station,
    reward: 'Free coffee',
    displayName: 'Ali Hassan',
    async unlockGuest() {
      expect((await fetch(`${server.url}/__test/unlock-guest`, { method: 'POST' })).ok).toBe(true);
    },
  };
}

const test = base.extend<{ personality: 'reference' | 'minimal'; cafeOf: Personality }>({
  personality: ['reference', { option: true }],
  cafeOf: async ({ personality }, use) => {
    const running = personality === 'reference' ? await reference() : await minimal();
    await use(running);
    await running.station.stop();
    await running.server.stop();
  },
});

/** A shell→renderer message through the web shell's test hook (what Electron's glue would send). */
async function fromShell(stationUrl: string, message: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${stationUrl}/__shell/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
  });
  expect(res.ok).toBe(true);
}

/** A server→station socket event from the SPEC-minimal server (its test hook). */
async function fromMinimalServer(serverUrl: string, event: string, payload: unknown = {}): Promise<void> {
  const res = await fetch(`${serverUrl}/__test/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ event, payload }),
  });
  expect(res.ok).toBe(true);
}

async function openProfile(page: Page): Promise<void> {
  await page.getByTestId('profile-menu-button').click();
  await page.getByRole('menuitem', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/user-profile$/);
}

for (const personality of ['reference', 'minimal'] as const) {
  test.describe(`against the ${personality} server`, () => {
    test.use({ personality });

    test('front door: a refused prepaid card keeps the customer out; the forced password change lets them in', async ({ page, cafeOf }) => {
      test.setTimeout(90_000);
      await page.goto(cafeOf.station.url);
      await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
      await page.getByLabel('Username').fill('ali');
      await page.getByLabel('Password').fill('ali12345');
      await page.getByLabel(/card code/i).fill('RC-BADX-0000-0000');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText(/^Card redemption failed: /)).toBeVisible();
      await expect(page.getByText(/Card redeemed!/)).toHaveCount(0);
      await expect(page).toHaveURL(/\/login$/);

      // reset_me must change the password first; the SPEC shows no answer to PUT /profile.
      await page.getByLabel(/card code/i).fill('');
      await page.getByLabel('Username').fill('reset_me');
      await page.getByLabel('Password').fill('reset123');
      await page.getByRole('button', { name: 'Login', exact: true }).click();
      await expect(page.getByText('Change Your Password')).toBeVisible();
      await page.getByLabel('Current password').fill('reset123');
      await page.getByLabel('New password', { exact: true }).fill('fresh-pass-1');
      await page.getByLabel('Confirm new password').fill('fresh-pass-1');
      await page.getByRole('button', { name: 'Change Password' }).click();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
      await shoot(page, `any-server-${personality}-after-password-change`);
    });

    test('a customer: library, centre account launch, service call, store, lock screen, profile with rewards and history, Squad Hub', async ({ page, cafeOf }) => {
      test.setTimeout(150_000);
      await kioskLogin(page, cafeOf.station.url, 'ali', 'ali12345');
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });

      // The library: both games, whatever the ids' type (a malformed entry on the minimal server is skipped).
      const card = (name: string) => page.getByTestId('game-card').filter({ hasText: name });
      await expect(card('Counter-Strike 2')).toBeVisible();
      await expect(card('Dota 2')).toBeVisible();
      await shoot(page, `any-server-${personality}-dashboard`);

      // A centre account: a free one is used and the shell launches with it.
      await card('Counter-Strike 2').getByRole('button', { name: 'Play Now' }).click();
      const modal = page.getByTestId('game-modal');
      const free = modal.locator('[data-testid="centre-account"][data-state="free"]').first();
      await expect(free).toBeVisible();
      // The minimal server's busy account is marked only by currentSessionId (the §3 alternative).
      if (personality === 'minimal') await expect(modal.locator('[data-testid="centre-account"][data-state="busy"]')).toHaveCount(1);
      await free.getByRole('button', { name: 'Use' }).click();
      await expect
        .poll(async () => (await shellActions(cafeOf.station.url)).filter((a) => a.action === 'launcher.launch').length)
        .toBe(1);
      await page.getByRole('button', { name: 'Close' }).click();

      // A service call answered with an empty 200 (minimal) or our server's answer.
      await page.getByRole('button', { name: 'Call cafe service' }).click();
      await expect(page.getByText('The cafe staff have been called.')).toBeVisible();

      // The store: an order answered with a bare 204 (minimal) is placed.
      await page.getByRole('link', { name: 'Store' }).click();
      await expect(page).toHaveURL(/\/store$/);
      await page.getByTestId('offer-card').first().getByRole('button', { name: 'Order Now' }).click();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText('Order placed. Pay at the counter; your balance updates once staff approve it.')).toBeVisible();

      // The lock screen: Ctrl+L, the password unlocks.
      await page.keyboard.press('Control+l');
      await expect(page.getByText('Screen Locked')).toBeVisible();
      await page.getByTestId('lock-screen').getByLabel('Password').fill('ali12345');
      await page.getByTestId('lock-screen').getByRole('button', { name: 'Unlock' }).click();
      await expect(page.getByText('Screen Locked')).toHaveCount(0);

      // The profile: rewards (eligibleRewards on the minimal server), history (gameName or name), a claim.
      await openProfile(page);
      await expect(page.getByTestId('profile-username')).toHaveText('ali');
      await expect(page.getByText('Failed to load game play history. Please try again later.')).toHaveCount(0);
      if (personality === 'minimal') {
        await expect(page.getByTestId('play-history')).toContainText('Dota 2');
        await expect(page.getByTestId('play-history')).toContainText('In progress');
      }
      const reward = page.getByTestId('reward').filter({ hasText: cafeOf.reward });
      await reward.getByRole('button', { name: 'Claim' }).click();
      await page.getByTestId('confirm-dialog').getByRole('button', { name: 'Confirm' }).click();
      await expect(page.getByText(personality === 'minimal' ? 'Enjoy your coffee!' : 'Reward claimed successfully!')).toBeVisible();
      await shoot(page, `any-server-${personality}-profile`);

      // The Squad Hub loads (a numeric friend code, a request named only by its friendship on the minimal server).
      const hub = page.getByTestId('squad-panel');
      await hub.getByRole('button', { name: 'Show', exact: true }).click();
      await expect(hub.getByTestId('squad-my-code')).toHaveText(/^7\d{6}$/);
      if (personality === 'minimal') {
        await expect(hub.getByTestId('squad-friend').filter({ hasText: 'sara' })).toBeVisible();
        await expect(hub.getByTestId('squad-request').filter({ hasText: 'omar' })).toBeVisible();
      }
    });

    test('issue 24: the game modal (running after Use, game settings, Escape), SystemIdle locks, the phone picker and XP rule, the profile in Arabic', async ({ page, cafeOf }) => {
      test.setTimeout(150_000);
      await kioskLogin(page, cafeOf.station.url, 'ali', 'ali12345');
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
      // Launcher chips carry the platform's icon, never a thumbnail scaled into them.
      await expect(page.locator('.launcher img')).toHaveCount(0);
      const card = page.getByTestId('game-card').filter({ hasText: 'Counter-Strike 2' });
      await expect(card.locator('[data-platform-icon="3"]')).toBeVisible();

      // After Use the modal says the game is running (the shell's AppLaunched).
      const jsonId = await card.getAttribute('data-json-id');
      await card.getByRole('button', { name: 'Play Now' }).click();
      const modal = page.getByTestId('game-modal');
      await modal.locator('[data-testid="centre-account"][data-state="free"]').first().getByRole('button', { name: 'Use' }).click();
      await expect(modal.getByTestId('game-running')).toHaveText('Counter-Strike 2 is running. Switch to it to play.');
      await shoot(page, `any-server-${cafeOf.name}-game-running`);
      // 'Game settings' goes to the shell (GameSpecificSettings; the dry run records it).
      await modal.getByRole('button', { name: 'Game settings' }).click();
      await expect
        .poll(async () => (await shellActions(cafeOf.station.url)).filter((a) => a.action === 'launcher.settings').map((a) => a.args))
        .toEqual([[{ jsonId }]]);
      // Escape closes the modal.
      await page.keyboard.press('Escape');
      await expect(modal).toHaveCount(0);

      // The shell says nobody touched the PC for a while: the screen locks (its icon is the app's own, no emoji).
      await fromShell(cafeOf.station.url, { command: 'SystemIdle', idleSeconds: 600 });
      const lock = page.getByTestId('lock-screen');
      await expect(lock.getByText('Screen Locked')).toBeVisible();
      await expect(lock.getByTestId('lock-icon').locator('svg')).toBeVisible();
      await shoot(page, `any-server-${cafeOf.name}-idle-lock`);
      await lock.getByLabel('Password').fill('ali12345');
      await lock.getByRole('button', { name: 'Unlock' }).click();
      await expect(lock).toHaveCount(0);

      // The profile: the XP rule, and the phone with the country picker (IQ default, no IL or UA).
      await openProfile(page);
      await expect(page.getByTestId('xp-rule')).toBeVisible();
      await page.getByRole('button', { name: 'Edit Profile' }).click();
      const picker = page.getByRole('combobox', { name: 'Country code' });
      await expect(picker).toHaveValue('IQ');
      await expect(picker.locator('option[value="IL"], option[value="UA"]')).toHaveCount(0);
      await page.getByRole('textbox', { name: 'Phone', exact: true }).fill('0770 123 4567');
      await expect(page.getByRole('textbox', { name: 'Phone', exact: true })).toHaveValue('7701234567');
      await shoot(page, `any-server-${cafeOf.name}-profile-edit`);
      await page.getByRole('button', { name: 'Cancel' }).click();

      // The same profile in Arabic, right to left: the name whole, isolated.
      await page.evaluate(() => localStorage.setItem('spawnpoint.language', 'ar'));
      await page.reload();
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl', { timeout: 20_000 });
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
      await page.getByTestId('profile-menu-button').click();
      await page.getByRole('menuitem', { name: ar['topbar.profile'] }).click();
      await expect(page).toHaveURL(/\/user-profile$/);
      const name = page.getByTestId('profile-name');
      await expect(name.locator('bdi')).toHaveText(cafeOf.displayName);
      // Whole: nothing of it is cut off.
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
      await shoot(page, `any-server-${cafeOf.name}-profile-rtl`);
    });

    test('staff unlock a guest: the dashboard opens for the guest', async ({ page, cafeOf }) => {
      test.setTimeout(90_000);
      await page.goto(cafeOf.station.url);
      await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
      await cafeOf.unlockGuest();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
      await page.getByTestId('profile-menu-button').click();
      await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Logout' })).toBeVisible();
      await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Profile' })).toHaveCount(0);
    });
  });
}

test.describe('against the minimal server: the station events the SPEC names without fields (issue 24)', () => {
  test.use({ personality: 'minimal' });

  test('stationHeartbeat asks for a beat, connectionStatus refusing shows the banner, games:updated reaches the shell, guestUnlockAck refusing ends the guest session', async ({ page, cafeOf }) => {
    test.setTimeout(90_000);
    const beats = async () =>
      ((await (await fetch(`${cafeOf.server.url}/__test/calls`)).json()) as { calls: string[] }).calls.filter((c) => c === 'POST /station-heartbeat').length;
    await page.goto(cafeOf.station.url);
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    await expect.poll(beats).toBeGreaterThan(0);
    const before = await beats();
    await fromMinimalServer(cafeOf.server.url, 'stationHeartbeat');
    await expect.poll(beats).toBe(before + 1);

    await fromMinimalServer(cafeOf.server.url, 'connectionStatus', { connected: false });
    await expect(page.getByTestId('connection-banner')).toHaveText('Disconnected from the cafe server');
    await fromMinimalServer(cafeOf.server.url, 'connectionStatus', { status: 'connected' });
    await expect(page.getByTestId('connection-banner')).toHaveCount(0);

    await fromMinimalServer(cafeOf.server.url, 'games:updated', { type: 'global' });
    await expect.poll(async () => (await shellActions(cafeOf.station.url)).some((a) => a.action === 'notify.GamesUpdated')).toBe(true);

    // A guest let in, then refused by the server's answer to the acknowledgement (a numeric session id).
    const { sessionId } = (await (await fetch(`${cafeOf.server.url}/__test/unlock-guest`, { method: 'POST' })).json()) as { sessionId: number };
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await fromMinimalServer(cafeOf.server.url, 'guestUnlockAck', { sessionId, success: false, errorMessage: 'Session already ended' });
    await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
    await expect(page.getByText('Failed to process guest unlock')).toBeVisible();
  });
});

