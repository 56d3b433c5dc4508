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
