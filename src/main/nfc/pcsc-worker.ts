/**
 * The PC/SC worker: a process of its own (child_process.fork in the web
 * shell, utilityProcess.fork in Electron), because nfc-pcsc blocks the
 * process that creates it while pcscd is missing. It reports readers and
 * tapped cards to the shell and a heartbeat every second. It exits when
 * PC/SC fails (pcscd stopped): the shell starts a new one.
 */
import { createRequire } from 'node:module';
import { WORKER_ALIVE_INTERVAL_MS, normalizeCardUid } from './worker-protocol.js';
import type { WorkerMessage } from './worker-protocol.js';

interface NfcCard {
  uid?: unknown;
  atr?: Buffer;
}
interface NfcReaderDevice {
  reader: { name: string };
  on(event: 'card', listener: (card: NfcCard) => void): void;
  on(event: 'card.off' | 'end', listener: () => void): void;
  on(event: 'error', listener: (error: unknown) => void): void;
}
interface NfcPcsc {
  on(event: 'reader', listener: (reader: NfcReaderDevice) => void): void;
  on(event: 'error', listener: (error: unknown) => void): void;
  close(): void;
}

interface ParentPort {
  postMessage(message: unknown): void;
}

/** Electron's utility process has process.parentPort; a forked Node child has process.send. */
function sender(): (message: WorkerMessage) => void {
  const parentPort = (process as unknown as { parentPort?: ParentPort }).parentPort;
  if (parentPort) return (message) => parentPort.postMessage(message);
  if (process.send) return (message) => void process.send?.(message);
  return (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
}

const text = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 300);

function main(): void {
  const send = sender();
  // A forked worker whose shell is gone (killed) has no one to report to.
  process.on('disconnect', () => process.exit(0));
  setInterval(() => send({ type: 'alive' }), WORKER_ALIVE_INTERVAL_MS);
  send({ type: 'alive' });
  const require = createRequire(import.meta.url);
  const { NFC } = require('nfc-pcsc') as { NFC: new () => NfcPcsc };
  const nfc = new NFC();
  nfc.on('reader', (device) => {
    const name = device.reader.name;
    send({ type: 'reader', name, present: true });
    device.on('card', (card) => {
      const uid = normalizeCardUid(card.uid);
      if (uid) send({ type: 'card', uid });
      else send({ type: 'ignored', reason: `a card on ${name} gave no UID` });
    });
    device.on('error', (error) => {
      // A phone or a bank card: nfc-pcsc wants an AID (ISO 14443-4) or GET DATA fails. Not a login card.
      if (/\b(AID|UID)\b/.test(text(error))) send({ type: 'ignored', reason: `${name}: ${text(error)}` });
      else send({ type: 'log', line: `${name}: ${text(error)}` });
    });
    device.on('end', () => send({ type: 'reader', name, present: false }));
  });
  nfc.on('error', (error) => {
    send({ type: 'log', line: `PC/SC failed (${text(error)}); the worker exits and the shell starts a new one` });
    setTimeout(() => process.exit(3), 50);
  });
}

main();
