/** Toasts for catalog keys: how services tell the customer something (SPEC §9 toasts). */
import i18next from 'i18next';
import toast from 'react-hot-toast';
import type { MessageKey } from '../../shared/i18n/en.js';
import { translate, type UiMessage } from './i18n/uiMessage.js';

export interface Notifier {
  success(message: MessageKey | UiMessage): void;
  error(message: MessageKey | UiMessage): void;
}

const text = (message: MessageKey | UiMessage): string =>
  typeof message === 'string' ? i18next.t(message) : translate(i18next.t.bind(i18next), message);

export const toastNotifier: Notifier = {
  success: (message) => void toast.success(text(message)),
  error: (message) => void toast.error(text(message)),
};
