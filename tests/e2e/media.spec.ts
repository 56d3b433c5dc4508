/**
 * SPEC §2/§4/§9 the cafe's face: staff upload a logo and it appears in the
 * top bar and on the lock screen (mediaUpdated drops the 30-minute cache);
 * staff upload a background video, the login screen downloads it once and
 * keeps it on disk with its timestamp, and a restart of the kiosk within
 * the 30 minutes does not download it again.
 */
import type { Page, Request } from '@playwright/test';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { adminToken, startServer, startWebShell, type Running } from '../support/processes.js';
import { expect, shoot, test } from './fixtures.js';

/** A 96×48 PNG in the product's two accent colours. */
function logoPng(): Buffer {
  const width = 96;
  const height = 48;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const row = Buffer.alloc(1 + width * 4);
    for (let x = 0; x < width; x += 1) {
      const t = x / (width - 1);
      row.set([Math.round(124 * (1 - t)), Math.round(92 + 137 * t), 255, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function upload(serverUrl: string, path: string, type: string, body: Buffer): Promise<void> {
  const res = await fetch(`${serverUrl}${path}`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${await adminToken(serverUrl)}`, 'content-type': type },
    body: new Uint8Array(body),
  });
  expect(res.status, await res.text()).toBe(200);
}

const isVideoFile = (request: Request) => request.url().includes('/cafe-settings/media/background.');

let server: Running;
let shell: Running;
let mediaDir: string;

test.beforeEach(async () => {
  mediaDir = mkdtempSync(join(tmpdir(), 'spawnpoint-media-'));
  // The server reads its media folder from the environment; only this server gets one.
  process.env.SPAWNPOINT_MEDIA_DIR = mediaDir;
  try {
    server = await startServer();
  } finally {
    delete process.env.SPAWNPOINT_MEDIA_DIR;
  }
  shell = await startWebShell(server.url, 6);
});

test.afterEach(async () => {
  await shell?.stop();
  await server?.stop();
  rmSync(mediaDir, { recursive: true, force: true });
});

async function toLogin(page: Page): Promise<void> {
  await page.goto(shell.url);
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
}

test('a logo staff upload shows in the top bar and on the lock screen', async ({ page }) => {
  await toLogin(page);
  await page.getByLabel('Username').fill('ali');
  await page.getByLabel('Password').fill('ali12345');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByText('Counter-Strike 2').first()).toBeVisible();
  await expect(page.getByTestId('cafe-logo')).toHaveCount(0);

  await upload(server.url, '/admin/media/logo', 'image/png', logoPng());
  const logo = page.getByTestId('topbar').getByTestId('cafe-logo');
  await expect(logo).toBeVisible();
  await expect(logo).toHaveAttribute('src', /\/cafe-settings\/media\/logo\.png\?v=\d+$/);
  await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(96);
  await shoot(page, 'dashboard-logo-ltr');

  await page.keyboard.press('Control+l');
  const lock = page.getByTestId('lock-screen');
  await expect(lock.getByTestId('cafe-logo')).toBeVisible();
  await shoot(page, 'lock-screen-logo-ltr');
});

test('the background video is downloaded once, kept on disk, and not downloaded again after a restart', async ({ page }) => {
  // Any file that starts like WebM is taken; the page need not be able to play it for this test.
  const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(4096, 7)]);
  await toLogin(page);
  const downloads: string[] = [];
  page.on('request', (request) => {
    if (isVideoFile(request)) downloads.push(request.url());
  });
  await upload(server.url, '/admin/media/background-video', 'video/webm', webm);
  // mediaUpdated: the login screen fetches the new video and keeps it.
  await expect.poll(() => downloads.length).toBeGreaterThanOrEqual(1);
  const saved = () =>
    page.evaluate(async () => {
      const cache = await caches.open('spawnpoint-media');
      const response = await cache.match('https://media.spawnpoint.invalid/background-video');
      return response ? { savedAt: Number(response.headers.get('x-spawnpoint-saved-at')), size: (await response.blob()).size } : null;
    });
  await expect.poll(saved).toMatchObject({ size: webm.length });
  const first = await saved();
  expect(Math.abs(Date.now() - first!.savedAt)).toBeLessThan(60_000);
  const before = downloads.length;

  // The kiosk restarts: the saved file is used, nothing is downloaded, not even the video's details.
  const details: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/cafe-settings/media/background-video')) details.push(request.url());
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  await page.waitForTimeout(1_500);
  expect(downloads.length).toBe(before);
  expect(details).toEqual([]);
  expect((await saved())?.savedAt).toBe(first!.savedAt);
});
