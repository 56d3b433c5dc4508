/**
 * NFC on the real PC/SC stack (SPEC §7): pcscd with the vsmartcard-vpcd
 * virtual reader, a virtual card from tests/support/vpcd-card.ts, the web
 * shell reading it through nfc-pcsc in its worker process (--nfc), and the
 * renderer in Chromium receiving each tap as the browser event with cardUid.
 * The bridge is switched on and off from a second bridge socket, as the NFC
 * modal would.
 */
import WebSocket from 'ws';
import { NFC_CARD_EVENT } from '../../src/shared/bridge/channels.js';
import { RENDERER_DIR, demoStation, startProcess, type Running } from '../support/processes.js';
import { ISO_14443_4_ATR, pcscUnavailable, startPcscd, tapCard, type Pcscd } from '../support/vpcd-card.js';
import { expect, test } from './fixtures.js';

const unavailable = pcscUnavailable();
const ci = process.env['CI'] === 'true' || process.env['CI'] === '1';
if (unavailable && ci) throw new Error(`CI=true but the NFC tests cannot run: ${unavailable}`);
test.skip(unavailable !== null, unavailable ?? '');

function startNfcShell(serverUrl: string): Promise<Running> {
  const station = demoStation(5);
  return startProcess(
    [
      'src/main/web-shell/cli.ts',
      ...['--server', serverUrl, '--station-id', station.id, '--mac', station.mac, '--pc-name', station.pcName],
      ...['--port', '0', '--renderer-dir', RENDERER_DIR, '--nfc', '--test-hooks'],
    ],
    /at (http:\/\/\S+)/,
  );
}

/** A bridge socket of our own, to send NFC_ENABLE / NFC_DISABLE as the renderer's modal does. */
async function bridgeSocket(shellUrl: string): Promise<WebSocket> {
  // The shell's own page is the only one its bridge answers (issue 22): the socket says it comes from there.
  const ws = new WebSocket(`${shellUrl.replace(/^http/, 'ws')}/bridge`, { headers: { Origin: new URL(shellUrl).origin } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return ws;
}

const send = (ws: WebSocket, command: string) => ws.send(JSON.stringify({ command }));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test.describe.configure({ mode: 'serial' });

let pcscd: Pcscd | null = null;
test.afterEach(async () => {
  await pcscd?.stop();
  pcscd = null;
});

test('a tapped card reaches the page as the nfc-card event, again after removal, only while enabled; pcscd can restart', async ({
  page,
  cafe,
}) => {
  test.setTimeout(90_000);
  pcscd = await startPcscd();
  const shell = await startNfcShell(cafe.server.url);
  try {
    await page.addInitScript((eventName: string) => {
      const taps: string[] = [];
      Object.assign(window, { __cardTaps: taps });
      window.addEventListener(eventName, (event) => taps.push((event as CustomEvent<{ cardUid: string }>).detail.cardUid));
    }, NFC_CARD_EVENT);
    await page.goto(shell.url);
    const taps = () => page.evaluate(() => (window as unknown as { __cardTaps: string[] }).__cardTaps.slice());
    const bridge = await bridgeSocket(shell.url);

    // Disabled: a card on the reader is not read.
    let card = await tapCard({ uid: '04AABBCCDD' });
    await pause(2_000);
    await card.remove();
    expect(await taps()).toEqual([]);
    expect(shell.output()).not.toContain('card tapped');

    // Enabled: tap, remove, tap another.
    send(bridge, 'NFC_ENABLE');
    card = await tapCard({ uid: '04A1B2C3D4' });
    await expect.poll(taps, { timeout: 15_000 }).toEqual(['04A1B2C3D4']);
    await card.remove();
    card = await tapCard({ uid: '04A1B2C3D4E5F6' });
    await expect.poll(taps, { timeout: 10_000 }).toEqual(['04A1B2C3D4', '04A1B2C3D4E5F6']);
    await card.remove();

    // A phone or bank card (ISO 14443-4, no UID answer) and a card refusing GET DATA: ignored, no crash.
    card = await tapCard({ uid: null, atr: ISO_14443_4_ATR });
    await pause(1_500);
    await card.remove();
    card = await tapCard({ uid: null });
    await pause(1_500);
    await card.remove();
    expect(await taps()).toHaveLength(2);
    expect(shell.output()).toContain('ignored a card without a UID');
    // The UID never reaches the log.
    expect(shell.output()).not.toContain('04A1B2C3D4');

    // pcscd stops: the shell keeps serving; when pcscd is back, taps arrive again.
    await pcscd.stop();
    pcscd = null;
    await pause(2_500);
    expect(shell.process.exitCode).toBeNull();
    expect((await fetch(`${shell.url}/__shell/actions`)).status).toBe(200);
    await expect(page.locator('body')).not.toBeEmpty();
    pcscd = await startPcscd();
    card = await tapCard({ uid: '0499887766' });
    await expect.poll(taps, { timeout: 30_000 }).toEqual(['04A1B2C3D4', '04A1B2C3D4E5F6', '0499887766']);
    await card.remove();

    // Disabled again: the worker is gone, nothing is read.
    send(bridge, 'NFC_DISABLE');
    await pause(1_000);
    card = await tapCard({ uid: '0455555555' });
    await pause(2_000);
    await card.remove();
    expect(await taps()).toHaveLength(3);
    bridge.close();
  } finally {
    await shell.stop();
  }
});
