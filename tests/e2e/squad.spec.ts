/**
 * Issue 14 end to end: two customers at two stations of the demo cafe, each in
 * their own browser, befriend each other by code, see each other online and
 * playing, and ping each other (a second ping within 5 s is refused with the
 * SPEC text); a guest gets no Squad Hub. Once in English (left to right) and
 * once in Arabic (right to left), saving the screens of both.
 */
import type { Browser, Page } from '@playwright/test';
import { ar } from '../../src/renderer/core/i18n/ar.js';
import { LANGUAGE_STORAGE_KEY } from '../../src/renderer/core/i18n/i18n.js';
import { en, type MessageKey } from '../../src/shared/i18n/en.js';
import { cafe as runCafe } from '../support/processes.js';
import { expect, shoot, test } from './fixtures.js';

type Direction = 'ltr' | 'rtl';
const CATALOG = { ltr: en, rtl: ar };

function texts(dir: Direction) {
  return (key: MessageKey, values: Record<string, string | number> = {}) =>
    CATALOG[dir][key].replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
}

/** A station in its own browser context (its own storage, its own clipboard), in the language of the run. */
async function openStation(browser: Browser, url: string, dir: Direction): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  if (dir === 'rtl') {
    await context.addInitScript(([key]) => window.localStorage.setItem(key!, 'ar'), [LANGUAGE_STORAGE_KEY]);
  }
  const page = await context.newPage();
  await page.goto(url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
  return page;
}

async function signIn(page: Page, dir: Direction, username: string, password: string): Promise<void> {
  const t = texts(dir);
  await page.getByLabel(t('login.username'), { exact: true }).fill(username);
  await page.getByLabel(t('login.password'), { exact: true }).fill(password);
  await page.getByRole('button', { name: t('login.submit'), exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** The dry-run shell starts or closes a game: the renderer hears AppLaunched / AppClosed and the server hears it running (issue 22). */
async function shellApp(shellUrl: string, action: 'launch' | 'close', jsonId: string): Promise<void> {
  const res = await fetch(`${shellUrl}/__shell/apps/${action}`, { method: 'POST', body: JSON.stringify({ jsonId }) });
  expect(res.ok).toBe(true);
}

for (const dir of ['ltr', 'rtl'] as const) {
  test(`two customers befriend, see each other play and ping (${dir === 'ltr' ? 'English' : 'Arabic'})`, async ({ browser, cafe }) => {
    test.setTimeout(240_000);
    const t = texts(dir);
    const [pc1, pc2] = await Promise.all([cafe.station(1), cafe.station(2)]);
    const ali = await openStation(browser, pc1.url, dir);
    const sara = await openStation(browser, pc2.url, dir);
    await signIn(ali, dir, 'ali', 'ali12345');
    await signIn(sara, dir, 'sara', 'sara12345');

    const aliHub = ali.getByTestId('squad-panel');
    const saraHub = sara.getByTestId('squad-panel');
    // The hub starts folded: the games come first.
    await expect(aliHub.getByTestId('squad-my-code')).toHaveCount(0);
    await aliHub.getByRole('button', { name: t('squad.show'), exact: true }).click();
    await saraHub.getByRole('button', { name: t('squad.show'), exact: true }).click();
    await expect(aliHub.getByRole('heading', { name: t('squad.title') })).toBeVisible();
    await expect(saraHub.getByText(t('squad.noFriends'))).toBeVisible();
    const saraCode = (await saraHub.getByTestId('squad-my-code').textContent())?.trim() ?? '';
    expect(saraCode).toMatch(/^7\d{6}$/);

    // SPEC §5: the Add button waits for 7 digits starting with 7.
    const codeInput = aliHub.getByLabel(t('squad.codeLabel'), { exact: true });
    const add = aliHub.getByRole('button', { name: t('squad.add'), exact: true });
    await codeInput.fill(saraCode.slice(0, 4));
    await expect(add).toBeDisabled();
    await codeInput.fill(`6${saraCode.slice(1)}`);
    await expect(add).toBeDisabled();
    await codeInput.fill(saraCode);
    await expect(add).toBeEnabled();
    await shoot(ali, `squad-01-add-${dir}`);
    await add.click();
    await expect(ali.getByText(t('squad.requestSent'))).toBeVisible();

    // Sara's panel shows the request live: the badge, the row, and the toast.
    await expect(saraHub.getByTestId('squad-badge')).toHaveText('1');
    await expect(sara.getByText(t('squad.notify.request', { name: 'Ali Hassan' }))).toBeVisible();
    const request = saraHub.getByTestId('squad-request');
    await expect(request.getByText('Ali Hassan')).toBeVisible();
    await shoot(sara, `squad-02-request-${dir}`);
    await request.getByRole('button', { name: t('squad.accept'), exact: true }).click();

    // Both see each other online; Ali hears of the acceptance.
    await expect(ali.getByText(t('squad.notify.accepted', { name: 'Sara Kareem' }))).toBeVisible();
    const saraInAli = aliHub.getByTestId('squad-friend').filter({ hasText: 'Sara Kareem' });
    const aliInSara = saraHub.getByTestId('squad-friend').filter({ hasText: 'Ali Hassan' });
    await expect(saraInAli.getByTestId('squad-friend-status')).toHaveText(t('squad.status.online'));
    await expect(aliInSara.getByTestId('squad-friend-status')).toHaveText(t('squad.status.online'));
    await expect(saraHub.getByTestId('squad-badge')).toHaveCount(0);

    // Ali launches a game (the dry-run shell reports it): Sara sees him playing it.
    await shellApp(pc1.url, 'launch', 'game-cs2');
    await expect(aliInSara.getByTestId('squad-friend-status')).toHaveText(t('squad.status.playingGame', { game: 'Counter-Strike 2' }));
    await shoot(sara, `squad-03-friends-${dir}`);

    // Sara pings Ali; the ping arrives; a second within 5 s is refused with the SPEC text.
    await aliInSara.getByRole('button', { name: t('squad.ping'), exact: true }).click();
    await aliInSara.getByRole('button', { name: t('squad.pingType.general'), exact: true }).click();
    await expect(ali.getByText(t('squad.notify.ping', { name: 'Sara Kareem' }))).toBeVisible();
    await expect(aliInSara.getByTestId('squad-friend-note')).toHaveText(t('squad.pingSent', { name: 'Ali Hassan' }));
    await aliInSara.getByRole('button', { name: t('squad.ping'), exact: true }).click();
    await aliInSara.getByRole('button', { name: t('squad.pingType.location'), exact: true }).click();
    const wait = CATALOG[dir]['validation.pingCooldown'].replace('{{seconds}}', '\\d');
    await expect(aliInSara.getByTestId('squad-friend-note')).toHaveText(new RegExp(`^${wait.replace(/\./g, '\\.')}$`));
    await shoot(sara, `squad-04-ping-cooldown-${dir}`);

    // The panel folds to its header.
    await saraHub.getByRole('button', { name: t('squad.hide'), exact: true }).click();
    await expect(saraHub.getByTestId('squad-my-code')).toHaveCount(0);
    await shoot(sara, `squad-05-folded-${dir}`);
    await saraHub.getByRole('button', { name: t('squad.show'), exact: true }).click();

    // Ali closes the game, then chooses to look offline.
    await shellApp(pc1.url, 'close', 'game-cs2');
    await expect(aliInSara.getByTestId('squad-friend-status')).toHaveText(t('squad.status.online'));
    await aliHub.getByLabel(t('squad.appearOffline')).check();
    await expect(aliInSara).toHaveAttribute('data-status', 'offline');

    await ali.context().close();
    await sara.context().close();
  });
}

test('a guest gets no Squad Hub', async ({ page, cafe }) => {
  const station = await cafe.station(3);
  await page.goto(station.url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  expect((await runCafe(cafe.server.url, 'unlock-guest', station.id)).code).toBe(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('dashboard-screen')).toBeVisible();
  await page.waitForTimeout(1_000);
  await expect(page.getByTestId('squad-panel')).toHaveCount(0);
});
