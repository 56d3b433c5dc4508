/** SPEC §5 — friend codes and cooldowns. */
import { PING_COOLDOWN_MS, SERVICE_CALL_COOLDOWN_MS } from '../constants.js';
import { fail, type RuleError } from './result.js';

/** Exactly 7 digits, starting with 7. */
export function isValidFriendCode(code: string): boolean {
  return /^7\d{6}$/.test(code);
}

/** Ping cooldown: 5 s per friend. */
export function pingCooldownError(lastPingAt: number | undefined, now: number): RuleError | null {
  if (lastPingAt === undefined) return null;
  const left = PING_COOLDOWN_MS - (now - lastPingAt);
  return left > 0 ? fail('validation.pingCooldown', { seconds: Math.ceil(left / 1000) }) : null;
}

/** Service call cooldown: 5 minutes per call type. Milliseconds left, 0 when allowed. */
export function serviceCallCooldownLeft(lastCallAt: number | undefined, now: number): number {
  if (lastCallAt === undefined) return 0;
  return Math.max(0, SERVICE_CALL_COOLDOWN_MS - (now - lastCallAt));
}
