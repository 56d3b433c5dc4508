/**
 * Messages from the PC/SC worker process (nfc/pcsc-worker.ts) to the shell.
 * The worker only reports; the shell starts it on NFC_ENABLE and stops it on
 * NFC_DISABLE, so the reader is read only in between.
 */
import { z } from 'zod';

/** A card UID as the shell reports it: upper-case hex, 4 to 10 bytes (ISO 14443 single/double/triple size). */
export const CARD_UID_PATTERN = /^(?:[0-9A-F]{2}){4,10}$/;

export const workerMessageSchema = z.discriminatedUnion('type', [
  /** Sent every WORKER_ALIVE_INTERVAL_MS; silence means the worker hangs. */
  z.object({ type: z.literal('alive') }),
  z.object({ type: z.literal('reader'), name: z.string().max(200), present: z.boolean() }),
  z.object({ type: z.literal('card'), uid: z.string().regex(CARD_UID_PATTERN) }),
  /** A card (a phone, a bank card) that gave no UID; nothing reaches the renderer. */
  z.object({ type: z.literal('ignored'), reason: z.string().max(300) }),
  z.object({ type: z.literal('log'), line: z.string().max(500) }),
]);
export type WorkerMessage = z.infer<typeof workerMessageSchema>;

export const WORKER_ALIVE_INTERVAL_MS = 1_000;

/** nfc-pcsc's lower-case hex UID → the shell's form, or null if it is not a UID. */
export function normalizeCardUid(raw: unknown): string | null {
  if (typeof raw !== 'string') return null;
  const uid = raw.replace(/[\s:]/g, '').toUpperCase();
  return CARD_UID_PATTERN.test(uid) ? uid : null;
}
