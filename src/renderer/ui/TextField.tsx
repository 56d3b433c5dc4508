/**
 * The one labelled text input every form uses: label, input, and optional
 * notes under it. Extra props go to the <input>.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';

export interface TextFieldProps
  extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className'> {
  label: ReactNode;
  value: string;
  onValue: (value: string) => void;
  /** Extra class for the input, e.g. field__input--code. */
  inputClassName?: string;
  /** Shown under the input, inside the label (availability, hints). */
  children?: ReactNode;
}

export function TextField({ label, value, onValue, inputClassName, children, ...input }: TextFieldProps) {
  return (
    <label className="field">
      <span className="field__label">{label}</span>
      <input
        {...input}
        className={inputClassName ? `field__input ${inputClassName}` : 'field__input'}
        value={value}
        onChange={(event) => onValue(event.target.value)}
      />
      {children}
    </label>
  );
}

type FixedInputProps = Omit<TextFieldProps, 'type' | 'autoComplete'>;

/** A password input; `purpose` tells the browser whether it is the current password or a new one. */
export function PasswordField({ purpose, ...props }: FixedInputProps & { purpose: 'current' | 'new' }) {
  return <TextField {...props} type="password" autoComplete={`${purpose}-password`} />;
}

/** The email input (name "email"). */
export function EmailField(props: Omit<FixedInputProps, 'name'>) {
  return <TextField {...props} name="email" type="email" autoComplete="email" />;
}
