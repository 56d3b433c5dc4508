/** The new-password pair (new password, confirmation) of the password change and the reset page. */
import type { ReactNode } from 'react';
import { TextField } from './TextField.js';

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
      <TextField label={passwordLabel} type="password" autoComplete="new-password" value={password} onValue={onPassword} />
      <TextField label={confirmLabel} type="password" autoComplete="new-password" value={confirm} onValue={onConfirm} />
    </>
  );
}
