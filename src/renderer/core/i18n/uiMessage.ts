/**
 * A message for the user: a catalog key (translated when shown) or a text
 * that is shown as is (a server's own error message).
 */
import type { TFunction } from 'i18next';
import { format, type MessageKey } from '../../../shared/i18n/en.js';

export type UiMessage = { key: MessageKey; values?: Record<string, string | number> } | { text: string };

/** The English text (logs, tests). */
export function englishText(message: UiMessage): string {
  return 'text' in message ? message.text : format(message.key, message.values);
}

/** The text in the current language. */
export function translate(t: TFunction, message: UiMessage): string {
  return 'text' in message ? message.text : String(t(message.key, message.values ?? {}));
}
