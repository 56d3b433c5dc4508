/** The new-password pair (new password, confirmation) of the password change and the reset page. */
import type { ReactNode } from 'react';
import { PasswordField } from '../../shared/ui/Field.js';

export interface NewPasswordFieldsProps {
  passwordLabel: ReactNode;
  confirmLabel: ReactNode;
  password: string;
  confirm: string;
  onPassword(value: string): void;
  onConfirm(value: string): void;
}

export function NewPasswordFields({ passwordLabel, confirmLabel, password, confirm, onPassword, onConfirm }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField purpose="new" label={passwordLabel} value={password} onValue={onPassword} />
      <PasswordField purpose="new" label={confirmLabel} value={confirm} onValue={onConfirm} />
    </>
  );
}
