/** Prepaid codes (issue 13): shaped like the SPEC's RC-XXXX-XXXX-XXXX, from an alphabet without look-alikes. Pure. */
import { randomInt } from 'node:crypto';
import { sha256 } from '../authority/station-credential.js';

/** No 0/O, 1/I: a code read aloud or typed from paper is not mistaken. */
export const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

export function newPrepaidCode(random: (max: number) => number = randomInt): string {
  const chars = Array.from({ length: 12 }, () => CODE_ALPHABET[random(CODE_ALPHABET.length)]).join('');
  return `RC-${chars.slice(0, 4)}-${chars.slice(4, 8)}-${chars.slice(8, 12)}`;
}

/** A code as typed (any case, hyphens or none) in its stored form. */
export function normalisePrepaidCode(raw: string): string {
  const compact = raw.trim().toUpperCase();
  const bare = compact.replace(/[^A-Z0-9]/g, '');
  if (bare.length === 14 && bare.startsWith('RC')) return `RC-${bare.slice(2, 6)}-${bare.slice(6, 10)}-${bare.slice(10, 14)}`;
  return compact;
}

/** What is stored of a code (issue 22): the SHA-256 of its printed form; the code itself is shown once, at generation. */
export function prepaidCodeHash(raw: string): string {
  return sha256(normalisePrepaidCode(raw));
}

/** What a list shows of a card instead of its code: the last group (RC-…-0001). */
export const prepaidCodeHint = (code: string) => code.slice(-4);
export const showHint = (hint: string | null) => (hint ? `RC-…-${hint}` : 'RC-…');
/** A card's id in lists and in the void route: its hash (which reveals nothing of the code). */
export const CARD_ID = /^[0-9a-f]{64}$/;
