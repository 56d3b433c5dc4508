/**
 * The profile end to end (issue 13), in English left to right and Arabic
 * right to left, against the real server (development Steam OpenID) and a
 * web shell: a customer plays (tracked with the customer's own token, as the
 * station's game tracker sends it), sees the XP rise, claims a reward after
 * confirming, redeems a card typed without hyphens, links Steam through the
 * popup, links an NFC card by tapping it twice, and edits the profile with a
 * new phone (code, verification modal, save). Screenshots of the screen and
 * of each modal in both directions.
 */
import type { Page } from '@playwright/test';
import { ar } from '../../src/renderer/core/i18n/ar.js';
import { en, type MessageKey } from '../../src/shared/i18n/en.js';
import { adminToken, startServer, startWebShell, type Running } from '../support/processes.js';
import { expect, shoot, test } from './fixtures.js';

type Direction = 'ltr' | 'rtl';
const CATALOG: Record<Direction, Record<MessageKey, string>> = { ltr: en, rtl: ar };

/** Server minutes per real second: a few seconds of play earn visible XP, a Steam answer stays fresh. */
const CLOCK_SPEED = 20;

async function shellEmit(shellUrl: string, message: object): Promise<void> {
  const res = await fetch(`${shellUrl}/__shell/emit`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(message),
  });
  expect(res.ok).toBe(true);
}

async function phoneCode(serverUrl: string, phone: string): Promise<string> {
  const token = await adminToken(serverUrl);
  const res = await fetch(`${serverUrl}/admin/outbox`, { headers: { authorization: `Bearer ${token}` } });
  const entries = (await res.json()) as Array<{ recipient: string; body: string }>;
  const match = entries.filter((e) => e.recipient === phone).map((e) => /\b(\d{6})\b/.exec(e.body)).find(Boolean);
  if (!match?.[1]) throw new Error(`no code sent to ${phone}`);
  return match[1];
}

/** The station's own session, as stored by the renderer. */
async function storedSession(page: Page) {
  return page.evaluate(() => {
    const state = JSON.parse(localStorage.getItem('spawnpoint') ?? '{}') as {
      session?: { sessionId: string; userId: string; stationId: string; token: string };
    };
    if (!state.session) throw new Error('no stored session');
    return state.session;
  });
}

/**
 * A play of `jsonId` for `seconds`: the game starts on the station (the shell
 * sees it and tells the server, issue 22: only that time earns XP), the play
 * is announced as the game tracker announces it, then the game closes.
 */
async function play(serverUrl: string, shellUrl: string, page: Page, jsonId: string, seconds: number): Promise<void> {
  const shell = (path: string) => fetch(`${shellUrl}/__shell/apps/${path}`, { method: 'POST', body: JSON.stringify({ jsonId }) });
  const s = await storedSession(page);
  const body = JSON.stringify({ jsonId, sessionId: s.sessionId, userId: s.userId, stationId: s.stationId });
  const headers = { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' };
  expect((await shell('launch')).status).toBe(200);
  expect((await fetch(`${serverUrl}/game-play-tracking/app-launched`, { method: 'POST', headers, body })).status).toBe(200);
  await page.waitForTimeout(seconds * 1000);
  expect(await (await shell('close')).json()).toEqual({ closed: true });
  expect((await fetch(`${serverUrl}/game-play-tracking/app-closed`, { method: 'POST', headers, body })).status).toBe(200);
}

/** The top bar's Profile item navigates to /user-profile (the dashboard frame is issue 12's). */
async function openProfile(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.history.pushState(null, '', '/user-profile');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/user-profile$/);
}

for (const dir of ['ltr', 'rtl'] as const) {
  test(`the profile, ${dir === 'ltr' ? 'English left to right' : 'Arabic right to left'}`, async ({ page }) => {
    test.setTimeout(150_000);
    const t = (key: MessageKey, values: Record<string, string | number> = {}) =>
      CATALOG[dir][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
    const button = (key: MessageKey, scope: Page | ReturnType<Page['getByTestId']> = page) =>
      scope.getByRole('button', { name: t(key), exact: true });
    const field = (key: MessageKey, scope: Page | ReturnType<Page['getByTestId']> = page) => scope.getByLabel(t(key), { exact: true });
    const shootScreen = async (name: string) => {
      await page.waitForTimeout(500);
      await shoot(page, `${name}-${dir}`);
    };

    const servers: Running[] = [];
    try {
      const server = await startServer({ devOAuth: true, clockSpeed: CLOCK_SPEED });
      servers.push(server);
      const shell = await startWebShell(server.url, dir === 'ltr' ? 3 : 4);
      servers.push(shell);

      await page.goto(shell.url);
      await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
      if (dir === 'rtl') await page.getByRole('button', { name: en['language.ar'] }).click();
      await expect(page.locator('html')).toHaveAttribute('dir', dir);
      await field('login.username').fill('ali');
      await field('login.password').fill('ali12345');
      await button('login.submit').click();
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });

      // The profile: card, details, tier benefits, level, rewards, history.
      await openProfile(page);
      const screen = page.getByTestId('profile-screen');
      await expect(page.getByTestId('profile-username')).toHaveText('ali');
      await expect(page.getByTestId('profile-tier')).toHaveText('Silver');
      await expect(page.getByTestId('profile-xp')).toHaveText(t('profile.xp', { xp: '4,200' }));
      await expect(screen.getByText(t('history.empty'))).toBeVisible();
      await expect(screen.getByText(t('profile.tierBenefits'), { exact: false })).toBeVisible();

      // Play a while (the server clock runs ×20: 6 s is 2 minutes, 25 XP for Silver), refresh: the XP rose and the play is listed.
      await play(server.url, shell.url, page, 'game-cs2', 6);
      await button('profile.refresh').click();
      await expect(page.getByTestId('profile-xp')).not.toHaveText(t('profile.xp', { xp: '4,200' }));
      const xpAfterPlay = Number((await page.getByTestId('profile-xp').innerText()).replace(/[^\d]/g, ''));
      expect(xpAfterPlay).toBeGreaterThan(4200);
      await expect(page.getByTestId('play-history')).toContainText('Counter-Strike 2');
      await shootScreen('profile');

      // Claim a reward, after confirming.
      const drink = screen.getByTestId('reward').filter({ hasText: 'Free energy drink' });
      await button('rewards.claim', drink).click();
      const confirm = page.getByTestId('confirm-dialog');
      await expect(confirm).toContainText(t('rewards.confirm', { name: 'Free energy drink', xp: 910 }));
      await shootScreen('profile-claim-confirm');
      await button('dialog.confirm', confirm).click();
      await expect(page.getByText(t('rewards.claimed'))).toBeVisible();
      await expect(page.getByTestId('claimed-rewards')).toContainText(t('rewards.status.CLAIMED'));
      await expect(page.getByTestId('profile-xp')).toHaveText(t('profile.xp', { xp: (xpAfterPlay - 910).toLocaleString('en-US') }));
      // A locked reward says what is missing.
      await expect(screen.getByTestId('reward').filter({ hasText: 'VIP room night' })).toContainText(t('rewards.locked', { xp: '' }).split(' ')[0]!);

      // Redeem a prepaid card typed without hyphens.
      const prepaid = page.getByTestId('prepaid-panel');
      const balance = async () => Number((await page.getByTestId('profile-balance').innerText()).replace(/[^\d]/g, ''));
      const before = await balance();
      await prepaid.getByRole('button', { name: t('prepaid.title') }).click();
      await button('prepaid.redeem', prepaid).click();
      await expect(prepaid.getByText(t('validation.prepaidRequired'))).toBeVisible();
      const code = field('prepaid.code', prepaid);
      await code.pressSequentially(dir === 'ltr' ? 'rcdemo50000001' : 'rcdemo50000002');
      await expect(code).toHaveValue(dir === 'ltr' ? 'RC-DEMO-5000-0001' : 'RC-DEMO-5000-0002');
      await shootScreen('profile-prepaid');
      await button('prepaid.redeem', prepaid).click();
      await expect(prepaid.getByText(t('prepaid.added', { amount: '5,000' }))).toBeVisible();
      // 5,000 IQD more (less the play time billed meanwhile: the server clock runs ×20).
      await expect.poll(balance).toBeGreaterThan(before + 4_000);
      await expect(field('prepaid.code', prepaid)).toBeHidden({ timeout: 4_000 });

      // Link Steam through the development OpenID provider's popup.
      const steam = page.getByTestId('steam-card');
      const [popup] = await Promise.all([page.waitForEvent('popup'), button('steam.link', steam).click()]);
      await popup.getByLabel('Steam ID').fill('76561198000000042');
      await popup.getByRole('button', { name: 'Sign In' }).click();
      await expect(page.getByTestId('steam-status')).toHaveText(t('steam.linked', { steamId: '76561198000000042' }), { timeout: 15_000 });
      await expect.poll(() => popup.isClosed()).toBe(true);

      // Link an NFC card: the same card tapped twice, with a nickname.
      const cards = page.getByTestId('nfc-cards');
      await button('nfcCards.add', cards).click();
      const linking = page.getByTestId('nfc-link-modal');
      await expect(linking.getByTestId('nfc-link-status')).toHaveText(t('nfcCards.tapFirst'));
      await field('nfcCards.nickname', linking).fill('Gym card');
      await shellEmit(shell.url, { command: 'NFC_LOGIN', ID: '04E2E2E2E2' });
      await expect(linking.getByTestId('nfc-link-status')).toHaveText(t('nfcCards.tapAgain'));
      await shootScreen('profile-nfc-link');
      await shellEmit(shell.url, { command: 'NFC_LOGIN', ID: '04E2E2E2E2' });
      await expect(linking).toBeHidden();
      await expect(cards.getByTestId('nfc-card').filter({ hasText: 'Gym card' })).toContainText('04E2E2E2E2');

      // Edit: a new phone gets a code and the verification modal before the save.
      await button('profile.edit').click();
      const edit = page.getByTestId('profile-edit');
      const newPhone = dir === 'ltr' ? '+9647705550101' : '+9647705550102';
      // The country picker stands on Iraq (+964): the customer types the number after it (issue 24's phone field).
      await field('profile.phone', edit).fill(newPhone.replace('+964', ''));
      await field('profile.displayName', edit).fill('Ali the Great');
      await shootScreen('profile-edit');
      await button('profile.save', edit).click();
      const verify = page.getByTestId('phone-modal');
      await expect(verify).toBeVisible();
      await shootScreen('profile-phone-verification');
      await field('phone.code', verify).fill(await phoneCode(server.url, newPhone));
      await button('phone.verify', verify).click();
      await expect(page.getByText(t('profile.updated'))).toBeVisible({ timeout: 10_000 });
      await expect(page.getByTestId('profile-phone')).toHaveText(newPhone);
      await expect(page.getByRole('heading', { name: 'Ali the Great' })).toBeVisible();
      await shootScreen('profile-after');
    } finally {
      for (const running of servers.reverse()) await running.stop();
    }
  });
}
