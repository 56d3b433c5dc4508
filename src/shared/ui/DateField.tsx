/**
 * A date field and a date-and-time field of our own (issue 23: the browser's date inputs drew dates in
 * the browser's locale, "11/27/2026" beside our "27/11/2026"). One text input that shows and accepts
 * the shared format (src/shared/format.ts: 27/11/2026 and 27/11/2026, 14:05, Arabic too), typed fast
 * from the keyboard, with a calendar (DateCalendar.tsx: Alt+↓ or ↓ opens it, or its button). The value
 * stays the screens' local ISO string: YYYY-MM-DD, or YYYY-MM-DDTHH:mm ('' when empty).
 *
 * The field reports a value only when the text is one (and within min/max); otherwise it says why
 * under the field on leaving it (or on a submit), and the input is invalid to its form, so the form
 * does not submit an old value while the text says another. Texts are the app catalog's `date.*` keys.
 */
import { useEffect, useLayoutEffect, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisplayLanguage } from '../format.js';
import { Button } from './Button.js';
import { DateCalendar } from './DateCalendar.js';
import { FieldFrame, type FieldFrameProps } from './Field.js';
import { dayOf, decorateDateText, formatDateValue, isoDay, monthTitle, parseDateText, plainDateText, type DateKind, type WeekStart } from './dateInput.js';
import './styles/controls.css';
import './styles/date.css';

export interface DateFieldProps extends FieldFrameProps {
  /** YYYY-MM-DD (a date) or YYYY-MM-DDTHH:mm (a date and time), local; '' for none. */
  value: string;
  onValue: (value: string) => void;
  /** The earliest and latest value allowed, in the same form; '' or absent for none. */
  min?: string;
  max?: string;
  required?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  name?: string;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  'data-testid'?: string;
  /** The week's first day in the calendar; Saturday unless told. */
  weekStartsOn?: WeekStart;
  /** Today, for tests (the desk's clock otherwise). */
  today?: Date;
}

/** Where the caret goes in `next` to stay after the same figures it followed in what was typed. */
function caretAfter(next: string, figures: number): number {
  if (figures <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < next.length; i += 1) {
    if (plainDateText(next.charAt(i)) !== '') seen += 1;
    if (seen === figures) return i + 1;
  }
  return next.length;
}

function DateInputField({
  kind,
  label,
  labelHidden,
  error,
  className,
  children,
  value,
  onValue,
  min = '',
  max = '',
  required,
  disabled,
  autoFocus,
  name,
  id,
  inputRef,
  weekStartsOn,
  today,
  'data-testid': testId,
}: DateFieldProps & { kind: DateKind }) {
  const { t, i18n } = useTranslation();
  const language: DisplayLanguage = i18n.language === 'ar' ? 'ar' : 'en';
  const [text, setText] = useState(() => formatDateValue(value, kind, language));
  const [shown, setShown] = useState(false);
  const [open, setOpen] = useState(false);
  const input = useRef<HTMLInputElement | null>(null);
  const control = useRef<HTMLSpanElement>(null);
  const caret = useRef<number | null>(null);
  // The last value this field reported or was given: a new one from the screen (a preset, a reset) replaces the text.
  const known = useRef(value);

  useEffect(() => {
    if (value === known.current) return;
    known.current = value;
    setText(formatDateValue(value, kind, language));
    setShown(false);
  }, [value, kind, language]);

  // The language changes: a readable text is written again in the new one.
  useEffect(() => {
    setText((current) => {
      const read = parseDateText(current, kind);
      return read.ok ? formatDateValue(read.value, kind, language) : decorateDateText(current, language);
    });
  }, [language, kind]);

  const read = parseDateText(text, kind);
  const shape = (v: string) => formatDateValue(v, kind, language);
  const now = today ?? new Date();
  let problem = '';
  if (!read.ok) {
    if (read.problem === 'empty') problem = required ? t(kind === 'date' ? 'date.required' : 'date.requiredTime') : '';
    else if (read.problem === 'format') {
      const example = shape(kind === 'date' ? isoDay(now) : `${isoDay(now)}T14:05`);
      problem = t(kind === 'date' ? 'date.invalid' : 'date.invalidTime', { example });
    } else if (read.problem === 'noSuchDay') {
      problem = t('date.noSuchDay', {
        text: decorateDateText(`${String(read.day).padStart(2, '0')}/${String(read.month).padStart(2, '0')}/${read.year}`, language),
        month: monthTitle(new Date(read.year, read.month - 1, 1), language),
        days: read.days,
      });
    } else problem = t('date.badTime', { time: read.time });
  } else if (min && read.value < min) problem = t('date.min', { min: shape(min) });
  else if (max && read.value > max) problem = t('date.max', { max: shape(max) });

  // The form refuses to submit while the text is not a value it may send (its own checks, in our words).
  useLayoutEffect(() => {
    input.current?.setCustomValidity(problem);
  }, [problem]);

  useLayoutEffect(() => {
    if (caret.current === null || !input.current || document.activeElement !== input.current) return;
    input.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [text]);

  const report = (next: string) => {
    if (next === known.current) return;
    known.current = next;
    onValue(next);
  };

  const type = (raw: string, at: number | null) => {
    const next = decorateDateText(raw, language);
    caret.current = at === null ? null : caretAfter(next, plainDateText(raw.slice(0, at)).length);
    setText(next);
    const r = parseDateText(next, kind);
    // A good value is reported at once and clears the error; while an error shows, it follows the text.
    if (r.ok && (!min || r.value >= min) && (!max || r.value <= max)) {
      report(r.value);
      setShown(false);
    } else if (!r.ok && r.problem === 'empty') report('');
  };

  const pick = (day: string) => {
    // A date and time keeps the time typed (midnight when there is none); the caret then waits on the time.
    const time = kind === 'datetime' ? (read.ok ? read.value.slice(10) : 'T00:00') : '';
    const next = `${day}${time}`;
    const written = formatDateValue(next, kind, language);
    setText(written);
    setShown(false);
    setOpen(false);
    if ((!min || next >= min) && (!max || next <= max)) report(next);
    const el = input.current;
    if (el) {
      el.focus();
      if (kind === 'datetime') {
        const at = written.lastIndexOf(' ') + 1;
        requestAnimationFrame(() => el.setSelectionRange(at, written.length));
      }
    }
  };

  const setRefs = (el: HTMLInputElement | null) => {
    input.current = el;
    if (typeof inputRef === 'function') inputRef(el);
    else if (inputRef) (inputRef as { current: HTMLInputElement | null }).current = el;
  };

  const placeholder = t(kind === 'date' ? 'date.placeholder' : 'date.placeholderTime');
  return (
    <FieldFrame
      label={label}
      labelHidden={labelHidden}
      error={error || (shown ? problem : '')}
      className={className ? `field--date ${className}` : 'field--date'}
      own={{}}
      control={(aria) => (
        <span ref={control} className="date-field">
          <input
            {...aria}
            ref={setRefs}
            id={id}
            name={name}
            data-testid={testId}
            type="text"
            inputMode={kind === 'date' ? 'numeric' : 'text'}
            autoComplete="off"
            spellCheck={false}
            autoFocus={autoFocus}
            disabled={disabled}
            aria-required={required || undefined}
            aria-haspopup="dialog"
            aria-expanded={open}
            aria-keyshortcuts="Alt+ArrowDown"
            placeholder={placeholder}
            className={`field__input date-field__input date-field__input--${kind}`}
            value={text}
            onChange={(event) => type(event.target.value, event.target.selectionStart)}
            onKeyDown={(event) => {
              if (event.key === 'ArrowDown' && !event.ctrlKey && !event.metaKey) {
                event.preventDefault();
                setOpen(true);
              } else if (event.key === 'Escape' && open) {
                event.preventDefault();
                event.stopPropagation();
                setOpen(false);
              }
            }}
            onBlur={(event) => {
              const next = event.relatedTarget as Node | null;
              if (next && control.current?.contains(next)) return;
              if (read.ok) setText(shape(read.value));
              setShown(text.trim() !== '' && problem !== '');
            }}
            onInvalid={(event) => {
              // Our line says why; the browser's bubble would say it a second time.
              event.preventDefault();
              setShown(true);
              // The form's first field that is wrong takes the focus (read from validity: matching :invalid would check again).
              const form = event.currentTarget.form;
              const first = form && Array.from(form.elements).find((el) => 'validity' in el && !(el as HTMLInputElement).validity.valid);
              if (!form || first === event.currentTarget) event.currentTarget.focus();
            }}
          />
          <Button
            className="date-field__open"
            tabIndex={-1}
            disabled={disabled}
            aria-label={t('date.open')}
            aria-haspopup="dialog"
            aria-expanded={open}
            onClick={() => setOpen((was) => !was)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="18" height="18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <rect x="3.5" y="5" width="17" height="15" rx="2.5" />
              <path d="M3.5 10h17M8 3v4M16 3v4" />
            </svg>
          </Button>
          {open && control.current && (
            <DateCalendar
              value={read.ok ? dayOf(read.value) : ''}
              min={dayOf(min)}
              max={dayOf(max)}
              language={language}
              anchor={control.current}
              labels={{ previousMonth: t('date.previousMonth'), nextMonth: t('date.nextMonth') }}
              weekStartsOn={weekStartsOn}
              today={today}
              onPick={pick}
              onClose={(backToField) => {
                setOpen(false);
                if (backToField) input.current?.focus();
              }}
            />
          )}
        </span>
      )}
    >
      {children}
    </FieldFrame>
  );
}

/** A day: 27/11/2026; the value YYYY-MM-DD. */
export function DateField(props: DateFieldProps) {
  return <DateInputField kind="date" {...props} />;
}

/** A day and a time of day to the minute: 27/11/2026, 14:05; the value YYYY-MM-DDTHH:mm. */
export function DateTimeField(props: DateFieldProps) {
  return <DateInputField kind="datetime" {...props} />;
}
