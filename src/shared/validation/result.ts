import { format, type MessageKey } from '../i18n/en.js';

/** A failed rule: the catalog key (for translation) and the exact English text. */
export interface RuleError {
  key: MessageKey;
  message: string;
}

export function fail(key: MessageKey, values?: Record<string, string | number>): RuleError {
  return { key, message: format(key, values) };
}
