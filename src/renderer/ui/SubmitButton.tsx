/** A form's primary submit button: disabled while busy, and then showing `busyLabel` when given. */
import type { ReactNode } from 'react';

export interface SubmitButtonProps {
  label: ReactNode;
  busy: boolean;
  busyLabel?: ReactNode;
  /** Disabled for another reason too (e.g. no token). */
  disabled?: boolean;
  testId?: string;
}

export function SubmitButton({ label, busy, busyLabel, disabled = false, testId }: SubmitButtonProps) {
  return (
    <button className="button button--primary login-form__submit" type="submit" disabled={busy || disabled} data-testid={testId}>
      {busy && busyLabel !== undefined ? busyLabel : label}
    </button>
  );
}
