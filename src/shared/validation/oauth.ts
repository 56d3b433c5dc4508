/** SPEC §5 — OAuth results and Steam OpenID. */
import { fail, type RuleError } from './result.js';

export function validateOAuthResult(result: {
  provider?: string | null;
  email?: string | null;
}): RuleError | null {
  if (!result.provider) return fail('validation.oauthMissingProvider');
  if (result.provider !== 'steam' && !result.email) return fail('validation.oauthMissingEmail');
  return null;
}

/** The identity must end in /id/{digits}; returns the numeric Steam id. */
export function steamIdFromIdentity(
  identity: string | null | undefined,
): { ok: true; steamId: string } | { ok: false; error: RuleError } {
  const match = /\/id\/(\d+)\/?$/.exec(identity ?? '');
  return match?.[1]
    ? { ok: true, steamId: match[1] }
    : { ok: false, error: fail('validation.invalidSteamIdentity') };
}
