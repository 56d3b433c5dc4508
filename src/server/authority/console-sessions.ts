/**
 * The console's browser sessions: a random cookie value (only its sha256 is
 * stored), a CSRF token the page sends back on every state-changing call, and
 * a short life — 30 minutes idle, 12 hours at most. A password change (the
 * user's token_epoch) ends them, like it ends bearer tokens.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';

export const CONSOLE_IDLE_MS = 30 * 60 * 1000;
export const CONSOLE_MAX_MS = 12 * 60 * 60 * 1000;

export interface ConsoleSessionRecord {
  idHash: string;
  userId: string;
  csrfToken: string;
  secondFactor: boolean;
  expiresAt: string;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export async function createConsoleSession(
  db: Db,
  clock: Clock,
  user: { id: string; token_epoch: number },
  options: { secondFactor: boolean; ip: string | null },
): Promise<{ cookie: string; record: ConsoleSessionRecord }> {
  const cookie = randomBytes(32).toString('base64url');
  const csrfToken = randomBytes(24).toString('base64url');
  const now = clock.now();
  const expiresAt = new Date(now + CONSOLE_IDLE_MS).toISOString();
  const idHash = sha256(cookie);
  await db
    .insertInto('console_sessions')
    .values({
      id_hash: idHash,
      user_id: user.id,
      csrf_token: csrfToken,
      token_epoch: user.token_epoch,
      second_factor: options.secondFactor ? 1 : 0,
      ip: options.ip,
      created_at: isoNow(clock),
      last_seen_at: isoNow(clock),
      expires_at: expiresAt,
      ended_at: null,
    })
    .execute();
  return { cookie, record: { idHash, userId: user.id, csrfToken, secondFactor: options.secondFactor, expiresAt } };
}

/** The live session behind a cookie value (and its idle deadline pushed on), or null. */
export async function findConsoleSession(db: Db, clock: Clock, cookie: string): Promise<ConsoleSessionRecord | null> {
  if (!cookie || cookie.length > 200) return null;
  const idHash = sha256(cookie);
  const row = await db
    .selectFrom('console_sessions as cs')
    .innerJoin('users as u', 'u.id', 'cs.user_id')
    .select(['cs.id_hash', 'cs.user_id', 'cs.csrf_token', 'cs.second_factor', 'cs.created_at', 'cs.expires_at', 'cs.ended_at'])
    .select(['cs.token_epoch as session_epoch', 'u.token_epoch as user_epoch'])
    .where('cs.id_hash', '=', idHash)
    .executeTakeFirst();
  const now = clock.now();
  if (!row || row.ended_at !== null || Date.parse(row.expires_at) <= now || row.session_epoch !== row.user_epoch) return null;
  const expiresAt = new Date(Math.min(now + CONSOLE_IDLE_MS, Date.parse(row.created_at) + CONSOLE_MAX_MS)).toISOString();
  await db
    .updateTable('console_sessions')
    .set({ last_seen_at: isoNow(clock), expires_at: expiresAt })
    .where('id_hash', '=', idHash)
    .execute();
  return { idHash, userId: row.user_id, csrfToken: row.csrf_token, secondFactor: row.second_factor === 1, expiresAt };
}

/**
 * Of these sessions (by id hash), those still live: not ended, not past their idle or 12-hour end, and from the
 * account's current password. Read only: a session's idle deadline moves on with its requests, never with a socket.
 */
export async function liveConsoleSessions(db: Db, clock: Clock, idHashes: readonly string[]): Promise<Set<string>> {
  if (idHashes.length === 0) return new Set();
  const rows = await db
    .selectFrom('console_sessions as cs')
    .innerJoin('users as u', 'u.id', 'cs.user_id')
    .select(['cs.id_hash', 'cs.expires_at', 'cs.ended_at', 'cs.token_epoch as session_epoch', 'u.token_epoch as user_epoch'])
    .where('cs.id_hash', 'in', [...idHashes])
    .execute();
  const now = clock.now();
  return new Set(
    rows
      .filter((row) => row.ended_at === null && Date.parse(row.expires_at) > now && row.session_epoch === row.user_epoch)
      .map((row) => row.id_hash),
  );
}

export async function markSecondFactor(db: Db, idHash: string): Promise<void> {
  await db.updateTable('console_sessions').set({ second_factor: 1 }).where('id_hash', '=', idHash).execute();
}

export async function endConsoleSession(db: Db, clock: Clock, idHash: string): Promise<void> {
  await db.updateTable('console_sessions').set({ ended_at: isoNow(clock) }).where('id_hash', '=', idHash).execute();
}

/** Constant-time comparison of the CSRF header with the session's token. */
export function csrfMatches(expected: string, presented: unknown): boolean {
  if (typeof presented !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(presented);
  return a.length === b.length && timingSafeEqual(a, b);
}
