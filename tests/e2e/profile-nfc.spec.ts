/**
 * Linking an NFC card from the profile on the real PC/SC stack (issue 13):
 * pcscd with the vsmartcard-vpcd virtual reader, the enrolled web shell
 * reading it through nfc-pcsc (--nfc), the link modal switching the reader
 * on, the same card tapped twice (removed in between), the card listed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { RENDERER_DIR, demoStation, pairingCode, startProcess, type Running } from '../support/processes.js';
import { pcscUnavailable, startPcscd, tapCard, type Pcscd } from '../support/vpcd-card.js';
import { expect, test } from './fixtures.js';

const unavailable = pcscUnavailable();
const ci = process.env['CI'] === 'true' || process.env['CI'] === '1';
if (unavailable && ci) throw new Error(`CI=true but the NFC tests cannot run: ${unavailable}`);
test.skip(unavailable !== null, unavailable ?? '');
test.describe.configure({ mode: 'serial' });

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function startEnrolledNfcShell(serverUrl: string, dataDir: string): Promise<Running> {
  const station = demoStation(7);
  return startProcess(
    [
      'src/main/web-shell/cli.ts',
      ...['--server', serverUrl, '--station-id', station.id, '--mac', station.mac, '--pc-name', station.pcName],
      ...['--port', '0', '--renderer-dir', RENDERER_DIR, '--data-dir', dataDir, '--nfc', '--test-hooks'],
      ...['--pairing-code', await pairingCode(serverUrl, station.id)],
    ],
    /at (http:\/\/\S+)/,
  );
}

async function openProfile(page: Page): Promise<void> {
  await page.evaluate(() => {
    window.history.pushState(null, '', '/user-profile');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page.getByTestId('profile-screen')).toBeVisible();
}

let pcscd: Pcscd | null = null;
test.afterEach(async () => {
  await pcscd?.stop();
  pcscd = null;
});

test('links a card tapped twice on the virtual reader', async ({ page, cafe }) => {
  test.setTimeout(90_000);
  pcscd = await startPcscd();
  const dataDir = mkdtempSync(join(tmpdir(), 'spawnpoint-profile-nfc-'));
  const shell = await startEnrolledNfcShell(cafe.server.url, dataDir);
  try {
    await page.goto(shell.url);
    await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
    await page.getByLabel('Username', { exact: true }).fill('ali');
    await page.getByLabel('Password', { exact: true }).fill('ali12345');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 15_000 });
    await openProfile(page);

    const cards = page.getByTestId('nfc-cards');
    await cards.getByRole('button', { name: 'Link NFC Card', exact: true }).click();
    const modal = page.getByTestId('nfc-link-modal');
    await expect(modal.getByTestId('nfc-link-status')).toHaveText('Tap your NFC card on the reader');
    await modal.getByLabel('Nickname (optional)', { exact: true }).fill('Reader card');

    let card = await tapCard({ uid: '04CAFE0101' });
    await expect(modal.getByTestId('nfc-link-status')).toHaveText('Tap the same card again to confirm', { timeout: 15_000 });
    await card.remove();
    await pause(500);
    card = await tapCard({ uid: '04CAFE0101' });
    await expect(modal).toBeHidden({ timeout: 15_000 });
    await card.remove();
    await expect(cards.getByTestId('nfc-card').filter({ hasText: 'Reader card' })).toContainText('04CAFE0101');
  } finally {
    await shell.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
