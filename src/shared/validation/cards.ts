/** SPEC §5 — prepaid card codes. */
import { PREPAID_CODE_GROUPS, PREPAID_CODE_LENGTH } from '../constants.js';
import { fail, type RuleError } from './result.js';

/** At login: trimmed and upper-cased; empty means "no card". */
export function normalizeLoginCardCode(input: string): string {
  return input.trim().toUpperCase();
}

/**
 * Profile entry: letters and digits only, upper-cased, grouped 2-4-4-4 with
 * hyphens, at most 17 characters (RC-XXXX-XXXX-XXXX).
 */
export function formatPrepaidCode(input: string): string {
  const chars = input.toUpperCase().replace(/[^A-Z0-9]/g, '');
  const groups: string[] = [];
  let offset = 0;
  for (const size of PREPAID_CODE_GROUPS) {
    if (offset >= chars.length) break;
    groups.push(chars.slice(offset, offset + size));
    offset += size;
  }
  return groups.join('-').slice(0, PREPAID_CODE_LENGTH);
}

export function validatePrepaidCode(code: string): RuleError | null {
  return code.trim() ? null : fail('validation.prepaidRequired');
}
