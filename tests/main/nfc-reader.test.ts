/**
 * The NFC reader's supervision of its PC/SC worker, with a fake worker and
 * fake timers: read only between enable and disable, restarted when it dies
 * or hangs, cards without a UID ignored, UIDs never logged. (The real stack
 * is exercised end to end by tests/e2e/nfc.spec.ts.)
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RESTART_DELAY_MS, createPcscNfcReader } from '../../src/main/nfc/pcsc-reader.js';
import type { WorkerHandle } from '../../src/main/nfc/pcsc-reader.js';
import { normalizeCardUid } from '../../src/main/nfc/worker-protocol.js';
import { createStationBridge } from '../../src/main/bridge/station-bridge.js';

class FakeWorker implements WorkerHandle {
  messageListeners: ((m: unknown) => void)[] = [];
  exitListeners: ((code: number | null) => void)[] = [];
  killed = false;
  onMessage(listener: (m: unknown) => void) {
    this.messageListeners.push(listener);
  }
  onExit(listener: (code: number | null) => void) {
    this.exitListeners.push(listener);
  }
  kill() {
    this.killed = true;
    this.exit(null);
  }
  say(message: unknown) {
    this.messageListeners.forEach((l) => l(message));
  }
  exit(code: number | null) {
    this.exitListeners.forEach((l) => l(code));
  }
}

function setup() {
  const workers: FakeWorker[] = [];
  const cards: string[] = [];
  const lines: string[] = [];
  const reader = createPcscNfcReader({
    spawnWorker: () => {
      const worker = new FakeWorker();
      workers.push(worker);
      return worker;
    },
    onCard: (uid) => cards.push(uid),
    log: (line) => lines.push(line),
    timers: {
      now: () => Date.now(),
      setTimeout: (cb, ms) => setTimeout(cb, ms),
      clearTimeout: (id) => clearTimeout(id as NodeJS.Timeout),
      setInterval: (cb, ms) => setInterval(cb, ms),
      clearInterval: (id) => clearInterval(id as NodeJS.Timeout),
    },
    restartDelayMs: 1_000,
    watchdogMs: 5_000,
  });
  return { reader, workers, cards, lines };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('PC/SC reader supervision', () => {
  it('runs the worker only between enable and disable', async () => {
    const { reader, workers, cards } = setup();
    expect(workers).toHaveLength(0);
    await reader.enable();
    await reader.enable();
    expect(workers).toHaveLength(1);
    workers[0]!.say({ type: 'card', uid: '04A1B2C3' });
    expect(cards).toEqual(['04A1B2C3']);
    await reader.disable();
    expect(workers[0]!.killed).toBe(true);
    expect(reader.running()).toBe(false);
    // A late message from the stopped worker is dropped.
    workers[0]!.say({ type: 'card', uid: '04A1B2C4' });
    expect(cards).toEqual(['04A1B2C3']);
    vi.advanceTimersByTime(60_000);
    expect(workers).toHaveLength(1);
  });

  it('restarts a worker that dies, with a growing delay, reset once a reader is back', async () => {
    const { reader, workers, lines } = setup();
    await reader.enable();
    workers[0]!.exit(3);
    expect(lines).toContain('nfc: the PC/SC worker exited (code 3)');
    vi.advanceTimersByTime(999);
    expect(workers).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(workers).toHaveLength(2);
    workers[1]!.exit(3);
    vi.advanceTimersByTime(1_999);
    expect(workers).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(workers).toHaveLength(3);
    for (let i = 0; i < 6; i++) {
      workers.at(-1)!.exit(3);
      vi.advanceTimersByTime(MAX_RESTART_DELAY_MS);
    }
    expect(workers).toHaveLength(9);
    workers.at(-1)!.say({ type: 'reader', name: 'ACS ACR122U', present: true });
    workers.at(-1)!.exit(3);
    vi.advanceTimersByTime(1_000);
    expect(workers).toHaveLength(10);
    await reader.disable();
  });

  it('kills and restarts a worker that stops answering (PC/SC froze it)', async () => {
    const { reader, workers, lines } = setup();
    await reader.enable();
    for (let i = 0; i < 4; i++) {
      vi.advanceTimersByTime(1_000);
      workers[0]!.say({ type: 'alive' });
    }
    expect(workers[0]!.killed).toBe(false);
    vi.advanceTimersByTime(6_500);
    expect(workers[0]!.killed).toBe(true);
    expect(lines).toContain('nfc: the PC/SC worker has not answered for 5000 ms; stopping it');
    vi.advanceTimersByTime(1_000);
    expect(workers).toHaveLength(2);
    await reader.disable();
  });

  it('ignores cards without a UID and malformed messages, and never logs a UID', async () => {
    const { reader, workers, cards, lines } = setup();
    await reader.enable();
    const worker = workers[0]!;
    worker.say({ type: 'ignored', reason: 'Cannot process ISO 14443-4 tag because AID was not set.' });
    worker.say({ type: 'card', uid: '' });
    worker.say({ type: 'card', uid: 'not hex' });
    worker.say({ type: 'card' });
    worker.say('garbage');
    worker.say({ type: 'card', uid: '04A1B2C3D4E5F6' });
    expect(cards).toEqual(['04A1B2C3D4E5F6']);
    expect(lines.join('\n')).not.toContain('04A1B2C3D4E5F6');
    expect(lines).toContain('nfc: card tapped');
    expect(lines.some((l) => l.startsWith('nfc: ignored a card without a UID'))).toBe(true);
    await reader.disable();
  });

  it('survives a worker that cannot be started at all', async () => {
    const lines: string[] = [];
    let attempts = 0;
    const reader = createPcscNfcReader({
      spawnWorker: () => {
        attempts += 1;
        throw new Error('spawn ENOENT');
      },
      onCard: () => {},
      log: (line) => lines.push(line),
    });
    await reader.enable();
    vi.advanceTimersByTime(1_000);
    expect(attempts).toBe(2);
    expect(lines[0]).toBe('nfc: could not start the PC/SC worker: spawn ENOENT');
    await reader.disable();
    vi.advanceTimersByTime(60_000);
    expect(attempts).toBe(2);
  });
});

describe('card UIDs', () => {
  it.each([
    ['04a1b2c3', '04A1B2C3'],
    ['04:a1:b2:c3:d4:e5:f6', '04A1B2C3D4E5F6'],
    ['04A1B2C3D4E5F6A7B8C9', '04A1B2C3D4E5F6A7B8C9'],
    ['04a1b2', null],
    ['04a1b2c', null],
    ['zz112233', null],
    ['', null],
    [undefined, null],
    [42, null],
  ])('%j → %j', (raw, uid) => {
    expect(normalizeCardUid(raw)).toBe(uid);
  });
});

describe('wiring', () => {
  it('a tap while enabled reaches the renderer as NFC_LOGIN {ID} (also in a dry run with a real reader)', async () => {
    const worker = new FakeWorker();
    const emitted: unknown[] = [];
    const station = createStationBridge({
      config: { serverUrl: 'http://127.0.0.1:4000', stationId: 'st-01', dataDir: '/tmp/spawnpoint-nfc-test' },
      mode: 'dry-run',
      platform: 'linux',
      emit: (m) => emitted.push(m),
      log: () => {},
      readIdentity: () => ({ macAddress: '02:53:50:00:00:01', ipAddress: '127.0.0.1', pcName: 'PC-01' }),
      nfcWorker: () => worker,
    });
    await station.router.handle({ command: 'NFC_ENABLE' });
    worker.say({ type: 'card', uid: '04A1B2C3' });
    await station.router.handle({ command: 'NFC_DISABLE' });
    expect(worker.killed).toBe(true);
    expect(emitted).toEqual([{ command: 'NFC_LOGIN', ID: '04A1B2C3' }]);
    // Nothing recorded as a dry-run switch: the real reader was used.
    expect(station.recorder?.list().filter((r) => r.action.startsWith('nfc.'))).toEqual([]);
    await station.close();
  });
});
