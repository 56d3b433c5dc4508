/**
 * Tick boxes both apps use: one labelled tick box (`CheckboxField`: on sale,
 * shown, active) and a group of them under one legend with the group's error
 * (`CheckboxGroup`: weekdays, station groups, games). The label is the text
 * beside the box and names it; in a table whose column header says what it is,
 * `labelHidden` keeps the name for screen readers without drawing it. Right to
 * left the box sits at the start of its line like every control (logical
 * properties, choices.css).
 */
import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import './styles/controls.css';
import './styles/choices.css';

function present(node: ReactNode): boolean {
  return node !== undefined && node !== null && node !== false && node !== '';
}

export interface CheckboxFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'checked' | 'onChange' | 'className' | 'children' | 'value'> {
  label: ReactNode;
  checked: boolean;
  onChecked: (checked: boolean) => void;
  /** Named for screen readers, not drawn (a table cell under its column header). */
  labelHidden?: boolean;
  /** Extra class for the label element. */
  className?: string;
  testId?: string;
}

export function CheckboxField({ label, checked, onChecked, labelHidden = false, className, testId, ...input }: CheckboxFieldProps) {
  return (
    <label className={className ? `check ${className}` : 'check'} data-testid={testId}>
      <input {...input} type="checkbox" className="check__box" checked={checked} onChange={(event) => onChecked(event.target.checked)} />
      <span className={labelHidden ? 'check__label field__label--hidden' : 'check__label'}>{label}</span>
    </label>
  );
}

export interface CheckboxGroupProps<V extends string | number> {
  legend: ReactNode;
  options: ReadonlyArray<{ value: V; label: ReactNode; disabled?: boolean }>;
  /** What is ticked. Values not among the options are kept as they are. */
  value: readonly V[];
  /** The ticked values in the options' order (then any value not among them). */
  onValue: (value: V[]) => void;
  /** The group's own error, under its boxes (announced; the group is marked invalid). */
  error?: ReactNode;
  /** Extra class for the fieldset. */
  className?: string;
  disabled?: boolean;
  /** Drawn after the legend, before the boxes (e.g. an "every group" box that hides them). */
  children?: ReactNode;
  testId?: string;
}

export function CheckboxGroup<V extends string | number>({ legend, options, value, onValue, error, className, disabled, children, testId }: CheckboxGroupProps<V>) {
  const errorId = useId();
  const invalid = present(error);
  const toggle = (choice: V, on: boolean) => {
    const ticked = new Set(value);
    if (on) ticked.add(choice);
    else ticked.delete(choice);
    const known = options.map((o) => o.value).filter((v) => ticked.has(v));
    const unknown = value.filter((v) => ticked.has(v) && !options.some((o) => o.value === v));
    onValue([...known, ...unknown]);
  };
  return (
    <fieldset
      className={className ? `choices ${className}` : 'choices'}
      aria-invalid={invalid || undefined}
      aria-describedby={invalid ? errorId : undefined}
      disabled={disabled}
      data-testid={testId}
    >
      <legend className="field__label">{legend}</legend>
      {children}
      {options.map((option) => (
        <CheckboxField
          key={String(option.value)}
          label={option.label}
          checked={value.includes(option.value)}
          disabled={option.disabled}
          onChecked={(on) => toggle(option.value, on)}
        />
      ))}
      {invalid && (
        <span className="field__error choices__error" id={errorId} role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}
