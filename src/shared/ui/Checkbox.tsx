/**
 * The one checkbox of both apps: a box and its label on one line, the label
 * naming it (or, with `labelHidden`, naming it for screen readers only: a
 * tile's "select" box). Extra props go to the <input>. The look is controls.css.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import './styles/controls.css';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'className' | 'children'> {
  label: ReactNode;
  labelHidden?: boolean;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  /** Extra class for the label element (where the box sits). */
  className?: string;
}

export function Checkbox({ label, labelHidden = false, checked, onChecked, className, ...input }: CheckboxProps) {
  return (
    <label className={className ? `check-field ${className}` : 'check-field'}>
      <input {...input} type="checkbox" className="check-field__box" checked={checked} onChange={(event) => onChecked(event.target.checked)} />
      <span className={labelHidden ? 'field__label--hidden' : 'check-field__label'}>{label}</span>
    </label>
  );
}
