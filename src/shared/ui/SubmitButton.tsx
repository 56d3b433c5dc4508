/** A form's primary submit button: disabled while busy, and then showing `busyLabel` when given. */
import type { ReactNode } from 'react';
import { Button } from './Button.js';

export interface SubmitButtonProps {
  label: ReactNode;
  busy: boolean;
  busyLabel?: ReactNode;
  /** Disabled for another reason too (e.g. no token). */
  disabled?: boolean;
  testId?: string;
  /** Extra class; the kiosk's forms stretch it (login-form__submit, the default). */
  className?: string;
}

export function SubmitButton({ label, busy, busyLabel, disabled = false, testId, className = 'login-form__submit' }: SubmitButtonProps) {
  return (
    <Button variant="primary" className={className} type="submit" disabled={busy || disabled} testId={testId}>
      {busy && busyLabel !== undefined ? busyLabel : label}
    </Button>
  );
}
