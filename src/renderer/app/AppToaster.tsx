/** The one toaster (SPEC §9 toasts: durations per type; max 20 and 1 s removal are the library's). */
import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS, TOAST_MAX_WIDTH_PX, TOAST_REMOVE_DELAY_MS } from '../../shared/constants.js';

export function AppToaster() {
  return (
    <Toaster
      position="top-center"
      toastOptions={{
        duration: TOAST_DURATION_MS.blank,
        removeDelay: TOAST_REMOVE_DELAY_MS,
        success: {
          duration: TOAST_DURATION_MS.success,
          iconTheme: { primary: 'var(--color-success)', secondary: 'var(--color-bg)' },
        },
        error: { duration: TOAST_DURATION_MS.error },
        loading: { duration: TOAST_DURATION_MS.loading },
        custom: { duration: TOAST_DURATION_MS.custom },
        style: {
          maxInlineSize: TOAST_MAX_WIDTH_PX,
          background: 'var(--color-bg-raised)',
          color: 'var(--color-text)',
          border: '1px solid var(--color-border-strong)',
          boxShadow: 'var(--shadow-card)',
        },
      }}
    />
  );
}
