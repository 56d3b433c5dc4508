/**
 * The one labelled field both apps use (the kiosk's forms and the console's):
 * label, control, an optional error line under it, optional notes. Extra props
 * go to the <input> (or <select>). The look is controls.css.
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes } from 'react';
import './styles/controls.css';

export interface FieldFrameProps {
  label: ReactNode;
  /** The label names the control for screen readers but is not drawn (a search box with its placeholder, a toolbar). */
  labelHidden?: boolean;
  /** The field's own error (announced; the control is marked invalid). Nothing when null, undefined or ''. */
  error?: ReactNode;
  /** Extra class for the label element, e.g. field--inline. */
  className?: string;
  /** Shown under the control, inside the label (availability, hints). */
  children?: ReactNode;
}

export interface TextFieldProps
  extends FieldFrameProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'className' | 'children'> {
  value: string;
  onValue: (value: string) => void;
  /** Extra class for the input, e.g. field__input--code. */
  inputClassName?: string;
  /** The <input> itself (a shortcut that focuses it). */
  inputRef?: Ref<HTMLInputElement>;
}

function hasError(error: ReactNode): boolean {
  return error !== undefined && error !== null && error !== false && error !== '';
}

/** What the frame gives its control: named by the label alone, described by the error while there is one. */
export interface ControlAria {
  'aria-labelledby': string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * The label, the control, the error line and the notes. The control is named by its label alone
 * (aria-labelledby): the error and the notes inside the label describe it. `own` is what the caller passed
 * (its own aria-labelledby / aria-describedby win).
 */
export function FieldFrame({
  label,
  labelHidden,
  error,
  className,
  children,
  own,
  control,
}: FieldFrameProps & { own: { 'aria-labelledby'?: string; 'aria-describedby'?: string }; control: (aria: ControlAria) => ReactNode }) {
  const labelId = useId();
  const errorId = useId();
  const invalid = hasError(error);
  return (
    <label className={className ? `field ${className}` : 'field'}>
      <span className={labelHidden ? 'field__label field__label--hidden' : 'field__label'} id={labelId}>
        {label}
      </span>
      {control({
        'aria-labelledby': own['aria-labelledby'] ?? labelId,
        'aria-invalid': invalid || undefined,
        'aria-describedby': invalid ? errorId : own['aria-describedby'],
      })}
      {invalid && (
        <span className="field__error" id={errorId} role="alert">
          {error}
        </span>
      )}
      {children}
    </label>
  );
}

export function TextField({ label, labelHidden, value, onValue, inputClassName, inputRef, error, className, children, ...input }: TextFieldProps) {
  return (
    <FieldFrame
      label={label}
      labelHidden={labelHidden}
      error={error}
      className={className}
      own={input}
      control={(aria) => (
        <input
          {...input}
          {...aria}
          ref={inputRef}
          className={inputClassName ? `field__input ${inputClassName}` : 'field__input'}
          value={value}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    >
      {children}
    </FieldFrame>
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

/**
 * A whole number (amounts, minutes, counts): digits only, a numeric keypad on
 * touch screens, read left to right in Arabic too. The value stays the text
 * typed, so an empty field is '' (the caller parses; nothing is rounded away).
 */
export function NumberField(props: Omit<FixedInputProps, 'inputMode' | 'pattern'>) {
  return <TextField {...props} type="text" inputMode="numeric" pattern="[0-9]*" dir="ltr" autoComplete="off" />;
}

export interface SelectFieldProps
  extends FieldFrameProps,
    Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange' | 'className' | 'children'> {
  value: string;
  onValue: (value: string) => void;
  /** The <option> elements. */
  options: ReadonlyArray<{ value: string; label: ReactNode; disabled?: boolean }>;
}

/** A labelled choice among options, styled as the text fields. */
export function SelectField({ label, labelHidden, value, onValue, options, error, className, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame
      label={label}
      labelHidden={labelHidden}
      error={error}
      className={className}
      own={select}
      control={(aria) => (
        <select {...select} {...aria} className="field__input field__input--select" value={value} onChange={(event) => onValue(event.target.value)}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    >
      {children}
    </FieldFrame>
  );
}

export interface FileFieldProps
  extends FieldFrameProps,
    Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'className' | 'children' | 'multiple'> {
  /** The file chosen, or null when the choice is cleared. */
  onFile: (file: File | null) => void;
}

/** A labelled file picker (one file; `accept` says which kinds), styled as the text fields. */
export function FileField({ label, labelHidden, onFile, error, className, children, ...input }: FileFieldProps) {
  return (
    <FieldFrame
      label={label}
      labelHidden={labelHidden}
      error={error}
      className={className}
      own={input}
      control={(aria) => (
        <input {...input} {...aria} type="file" className="field__input field__input--file" onChange={(event) => onFile(event.target.files?.[0] ?? null)} />
      )}
    >
      {children}
    </FieldFrame>
  );
}
