/**
 * The one button of both apps: `primary` (the accent gradient, one per
 * screen or form), `ghost` (everything else), `danger` (what cannot be
 * undone), `link` (text only: a name in a list that opens its row). A plain <button type="button"> unless told; the look is controls.css.
 */
import type { ButtonHTMLAttributes } from 'react';
import './styles/controls.css';

export type ButtonVariant = 'primary' | 'ghost' | 'danger' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  testId?: string;
}

export function buttonClass(variant: ButtonVariant = 'ghost', extra?: string): string {
  return `button button--${variant}${extra ? ` ${extra}` : ''}`;
}

export function Button({ variant = 'ghost', type = 'button', className, testId, ...rest }: ButtonProps) {
  return <button {...rest} type={type} className={buttonClass(variant, className)} data-testid={testId} />;
}
