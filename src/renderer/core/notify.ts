/**
 * Toasts for catalog keys: how services tell the customer something (SPEC §9
 * toasts). The toast library loads on the first toast (or with the toaster),
 * not with the first screen.
 */
import i18next from 'i18next';
import type { MessageKey } from '../../shared/i18n/en.js';
import { translate, type UiMessage } from './i18n/uiMessage.js';

export interface Notifier {
  success(message: MessageKey | UiMessage): void;
  error(message: MessageKey | UiMessage): void;
}

const text = (message: MessageKey | UiMessage): string =>
  typeof message === 'string' ? i18next.t(message) : translate(i18next.t.bind(i18next), message);

const show = (kind: 'success' | 'error', message: MessageKey | UiMessage) => {
  // Translated now, in the language of the moment the event happened.
  const shown = text(message);
  import('react-hot-toast').then(
    ({ default: toast }) => void toast[kind](shown),
    (error: unknown) => console.warn('[notify] toasts unavailable', error),
  );
};

export const toastNotifier: Notifier = {
  success: (message) => show('success', message),
  error: (message) => show('error', message),
};
