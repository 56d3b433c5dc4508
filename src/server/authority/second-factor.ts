/**
 * The second factor with a per-account lockout (issue 22): wrong codes are
 * counted per account, whatever address they come from (the per-IP budgets
 * stay in front). The fifth wrong code in a row locks the account's second
 * factor for 15 minutes — every code is refused meanwhile, right or wrong —
 * and the consoles are alerted (inbox) and the audit log gets a line.
 */
import { isoNow, type Clock } from '../clock/clock.js';
import type { Db } from '../db/schema.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { HttpError } from '../base/errors.js';
import { auditSignIn, type AuditSink } from './audit.js';
import { checkTotp } from './totp.js';

export const SECOND_FACTOR_MAX_FAILURES = 5;
export const SECOND_FACTOR_LOCK_MS = 15 * 60 * 1000;
export const SECOND_FACTOR_LOCKED = (minutes: number) =>
  `Too many wrong codes for this account: its two-step sign-in is locked for ${minutes} more minute${minutes === 1 ? '' : 's'}. The owners were told.`;

/** What the lockout tells the consoles. */
export interface SecurityAlert {
  kind: 'second_factor_locked';
  username: string;
  message: string;
  at: string;
}

export interface SecondFactorDeps {
  db: Db;
  clock: Clock;
  secrets: SecretBox;
  audit: AuditSink;
  /** Tells the consoles (the inbox); never throws. */
  alert(alert: SecurityAlert): void;
}

type Account = { id: string; username: string; type: string };

/** Whether `code` is the account's current one; 429 while the account's second factor is locked. */
export async function checkSecondFactor(
  deps: SecondFactorDeps,
  user: Account,
  code: string,
  context: { via: 'console' | 'bearer'; ip: string | null; enrolling?: boolean },
): Promise<boolean> {
  const { db, clock } = deps;
  const row = await db.selectFrom('users').select(['second_factor_locked_until']).where('id', '=', user.id).executeTakeFirst();
  const lockedFor = row?.second_factor_locked_until ? Date.parse(row.second_factor_locked_until) - clock.now() : 0;
  if (lockedFor > 0) throw new HttpError(429, SECOND_FACTOR_LOCKED(Math.ceil(lockedFor / 60_000)));
  if (await checkTotp(db, clock, deps.secrets, user.id, code, { enrolling: context.enrolling })) {
    await db.updateTable('users').set({ second_factor_failures: 0 }).where('id', '=', user.id).execute();
    return true;
  }
  await db
    .updateTable('users')
    .set((eb) => ({ second_factor_failures: eb('second_factor_failures', '+', 1) }))
    .where('id', '=', user.id)
    .execute();
  // Conditional: of racing wrong codes, one locks and alerts.
  const until = new Date(clock.now() + SECOND_FACTOR_LOCK_MS).toISOString();
  const locked = await db
    .updateTable('users')
    .set({ second_factor_failures: 0, second_factor_locked_until: until })
    .where('id', '=', user.id)
    .where('second_factor_failures', '>=', SECOND_FACTOR_MAX_FAILURES)
    .executeTakeFirst();
  if (Number(locked.numUpdatedRows) === 1) {
    const message = `${SECOND_FACTOR_MAX_FAILURES} wrong two-step codes in a row for ${user.username}: their second factor is locked until ${until}.`;
    await auditSignIn(deps.audit, 'security.second-factor-locked', context.via, user, 429, context.ip, message);
    deps.alert({ kind: 'second_factor_locked', username: user.username, message, at: isoNow(clock) });
  }
  return false;
}
