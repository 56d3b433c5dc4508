/**
 * A virtual contactless card for the real PC/SC stack: pcscd with the
 * vsmartcard-vpcd driver (Debian's /etc/reader.conf.d/vpcd, CHANNELID
 * 0x8C7B) listens on TCP 127.0.0.1:35963 and shows a reader "Virtual PCD";
 * a connected card is a card on that reader, closing the socket takes it off.
 *
 * vpcd protocol: every frame is a 2-byte big-endian length and a payload. A
 * 1-byte payload is a control code (0 power off, 1 power on, 2 reset, 4 get
 * ATR: answered with the ATR); anything longer is an APDU, answered with a
 * response APDU. The card answers GET DATA (FF CA 00 00 00) with its UID and
 * 90 00 when it has one; a phone or bank card (`uid: null`) answers 6A 81.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';

export const VPCD_PORT = 35963;

/** ATR of a contactless storage card (PC/SC part 3): byte 5 is 0x4F, so nfc-pcsc reads the UID itself. */
export const STORAGE_CARD_ATR = Buffer.from('3B8F8001804F0CA000000306030001000000006A', 'hex');
/** ATR of an ISO 14443-4 card (a phone emulating a card, a bank card): nfc-pcsc would need an AID. */
export const ISO_14443_4_ATR = Buffer.from('3B8080010101', 'hex');

const GET_UID = Buffer.from([0xff, 0xca, 0x00, 0x00, 0x00]);

export interface VirtualCardOptions {
  /** Hex UID, e.g. "04A1B2C3D4"; null for a card that does not give one. */
  uid: string | null;
  atr?: Buffer;
  port?: number;
}

export interface VirtualCard {
  /** Resolves when the card left the reader (socket closed). */
  remove(): Promise<void>;
  /** The APDUs the reader sent, hex upper-case. */
  apdus: string[];
}

function frame(payload: Buffer): Buffer {
  const header = Buffer.alloc(2);
  header.writeUInt16BE(payload.length);
  return Buffer.concat([header, payload]);
}

/** The card's answer to one payload, or null when none is due (power and reset codes). */
export function answer(payload: Buffer, card: { uid: string | null; atr: Buffer }): Buffer | null {
  if (payload.length === 1) {
    return payload[0] === 4 ? card.atr : null;
  }
  if (payload.subarray(0, 5).equals(GET_UID) && card.uid) {
    return Buffer.concat([Buffer.from(card.uid, 'hex'), Buffer.from([0x90, 0x00])]);
  }
  if (payload.subarray(0, 2).equals(GET_UID.subarray(0, 2))) return Buffer.from([0x6a, 0x81]);
  return Buffer.from([0x6d, 0x00]); // instruction not supported
}

/** Puts a card on the virtual reader (connects to vpcd). Retries while pcscd is not listening yet. */
export async function tapCard(options: VirtualCardOptions, timeoutMs = 10_000): Promise<VirtualCard> {
  const card = { uid: options.uid, atr: options.atr ?? STORAGE_CARD_ATR };
  const port = options.port ?? VPCD_PORT;
  const deadline = Date.now() + timeoutMs;
  let socket: Socket | null = null;
  while (!socket) {
    socket = await new Promise<Socket | null>((resolve) => {
      const s = connect(port, '127.0.0.1');
      s.once('connect', () => resolve(s));
      s.once('error', () => resolve(null));
    });
    if (!socket) {
      if (Date.now() > deadline) throw new Error(`vpcd is not listening on 127.0.0.1:${port}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  const connected = socket;
  const apdus: string[] = [];
  let buffered = Buffer.alloc(0);
  connected.on('error', () => undefined);
  connected.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    while (buffered.length >= 2) {
      const length = buffered.readUInt16BE(0);
      if (buffered.length < 2 + length) break;
      const payload = buffered.subarray(2, 2 + length);
      buffered = buffered.subarray(2 + length);
      if (payload.length > 1) apdus.push(payload.toString('hex').toUpperCase());
      const reply = answer(payload, card);
      if (reply) connected.write(frame(reply));
    }
  });
  const closed = new Promise<void>((resolve) => connected.once('close', () => resolve()));
  return {
    apdus,
    remove: () => {
      connected.end();
      connected.destroy();
      return closed;
    },
  };
}

// ── pcscd, started by the test ────────────────────────────────────────────

export const PCSCD = '/usr/sbin/pcscd';
export const VPCD_READER_CONF = '/etc/reader.conf.d/vpcd';
const PCSCD_SOCKET = '/run/pcscd/pcscd.comm';

/** Why the real PC/SC stack cannot run here, or null when it can (root, pcscd and vpcd installed). */
export function pcscUnavailable(): string | null {
  if (typeof process.getuid === 'function' && process.getuid() !== 0) return 'pcscd must be started as root';
  if (!existsSync(PCSCD)) return `${PCSCD} is missing (apt-get install pcscd)`;
  if (!existsSync(VPCD_READER_CONF)) return `${VPCD_READER_CONF} is missing (apt-get install vsmartcard-vpcd)`;
  return null;
}

export interface Pcscd {
  stop(): Promise<void>;
}

/**
 * Starts pcscd in the foreground; it reads /etc/reader.conf.d, where the
 * vsmartcard-vpcd package put the virtual reader. Resolves once its socket exists.
 */
export async function startPcscd(timeoutMs = 10_000): Promise<Pcscd> {
  if (existsSync(PCSCD_SOCKET)) throw new Error(`${PCSCD_SOCKET} exists: another pcscd is running; stop it first`);
  const child = spawn(PCSCD, ['--foreground', '--error'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + timeoutMs;
  while (!existsSync(PCSCD_SOCKET)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`pcscd did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
