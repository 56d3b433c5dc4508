/**
 * The real NFC reader (SPEC §7 NFC_ENABLE / NFC_DISABLE / NFC_LOGIN): the
 * PC/SC worker process runs only between NFC_ENABLE and NFC_DISABLE, so the
 * reader is read only then. The worker is started again when it dies or
 * stops answering (pcscd stopped, a frozen PC/SC call), with a growing
 * delay; the shell's own event loop never touches PC/SC.
 */
import type { NfcReader } from './reader.js';
import { workerMessageSchema } from './worker-protocol.js';

/** One running worker, whatever started it (child_process.fork, Electron's utilityProcess). */
export interface WorkerHandle {
  onMessage(listener: (message: unknown) => void): void;
  onExit(listener: (code: number | null) => void): void;
  kill(): void;
}
export type SpawnWorker = () => WorkerHandle;

export interface ReaderTimers {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(id: unknown): void;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

const realTimers: ReaderTimers = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (id) => clearTimeout(id as NodeJS.Timeout),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (id) => clearInterval(id as NodeJS.Timeout),
};

export interface PcscReaderOptions {
  spawnWorker: SpawnWorker;
  /** Called with the upper-case hex UID of each card tapped while enabled. */
  onCard: (cardUid: string) => void;
  log: (line: string) => void;
  timers?: ReaderTimers;
  /** First restart delay; it doubles up to MAX_RESTART_DELAY_MS while the worker keeps failing. */
  restartDelayMs?: number;
  /** A worker silent for this long is killed and restarted. */
  watchdogMs?: number;
}

export const MAX_RESTART_DELAY_MS = 8_000;

export interface PcscNfcReader extends NfcReader {
  /** True while a worker process is running. */
  running(): boolean;
}

export function createPcscNfcReader(options: PcscReaderOptions): PcscNfcReader {
  const { spawnWorker, onCard, log, timers = realTimers, watchdogMs = 5_000 } = options;
  const baseDelay = options.restartDelayMs ?? 1_000;
  let enabled = false;
  let worker: WorkerHandle | null = null;
  let watchdog: unknown = null;
  let restartTimer: unknown = null;
  let delay = baseDelay;

  const stopWatchdog = () => {
    if (watchdog !== null) timers.clearInterval(watchdog);
    watchdog = null;
  };

  function scheduleRestart(): void {
    if (!enabled || restartTimer !== null) return;
    log(`nfc: restarting the PC/SC worker in ${delay} ms`);
    restartTimer = timers.setTimeout(() => {
      restartTimer = null;
      start();
    }, delay);
    delay = Math.min(delay * 2, MAX_RESTART_DELAY_MS);
  }

  function start(): void {
    if (!enabled || worker) return;
    let handle: WorkerHandle;
    try {
      handle = spawnWorker();
    } catch (error) {
      log(`nfc: could not start the PC/SC worker: ${error instanceof Error ? error.message : String(error)}`);
      scheduleRestart();
      return;
    }
    worker = handle;
    let lastSeen = timers.now();
    watchdog = timers.setInterval(() => {
      if (timers.now() - lastSeen <= watchdogMs) return;
      log(`nfc: the PC/SC worker has not answered for ${watchdogMs} ms; stopping it`);
      handle.kill();
    }, Math.max(250, Math.floor(watchdogMs / 4)));
    handle.onMessage((raw) => {
      if (worker !== handle) return;
      lastSeen = timers.now();
      const parsed = workerMessageSchema.safeParse(raw);
      if (!parsed.success) return log('nfc: ignored a malformed message from the PC/SC worker');
      const message = parsed.data;
      switch (message.type) {
        case 'alive':
          return;
        case 'reader':
          if (message.present) delay = baseDelay;
          return log(`nfc: reader ${message.name} ${message.present ? 'connected' : 'removed'}`);
        case 'card':
          // Never the UID in the log: it is a login credential.
          log('nfc: card tapped');
          if (enabled) onCard(message.uid);
          return;
        case 'ignored':
          return log(`nfc: ignored a card without a UID (${message.reason})`);
        case 'log':
          return log(`nfc: ${message.line}`);
      }
    });
    handle.onExit((code) => {
      if (worker !== handle) return;
      worker = null;
      stopWatchdog();
      if (enabled) {
        log(`nfc: the PC/SC worker exited (code ${String(code)})`);
        scheduleRestart();
      }
    });
  }

  function stop(): void {
    if (restartTimer !== null) timers.clearTimeout(restartTimer);
    restartTimer = null;
    stopWatchdog();
    const handle = worker;
    worker = null;
    handle?.kill();
  }

  return {
    enable: async () => {
      if (enabled) return;
      enabled = true;
      delay = baseDelay;
      start();
    },
    disable: async () => {
      enabled = false;
      stop();
    },
    running: () => worker !== null,
  };
}
