/**
 * The date fields of both apps (src/shared/ui/DateField.tsx, issue 23): they show and take the console's
 * own date format in English and Arabic (never the browser's "11/27/2026"), say why a text is not a date,
 * keep a form from sending one, and pick on a calendar from the keyboard, mirrored right to left.
 */
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createConsoleI18n, type Language } from '../../../src/console/i18n/index.js';
import { formatDate, formatDateTime } from '../../../src/shared/format.js';
import { DateField, DateTimeField, type DateFieldProps } from '../../../src/shared/ui/DateField.js';

afterEach(cleanup);

const TODAY = new Date(2026, 10, 27, 12, 0);

type Props = Partial<Omit<DateFieldProps, 'label'>> & { label?: string; kind?: 'date' | 'datetime'; start?: string; onSubmit?: () => void };

function Form({ kind = 'date', start = '', onSubmit, onValue, ...props }: Props) {
  const [value, setValue] = useState(start);
  const Field = kind === 'date' ? DateField : DateTimeField;
  return (
    <form
      aria-label="report"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <Field
        label={props.label ?? 'From'}
        today={TODAY}
        value={value}
        onValue={(next) => {
          setValue(next);
          onValue?.(next);
        }}
        {...props}
      />
      <output data-testid="value">{value}</output>
      <button type="button" onClick={() => setValue('2026-01-15')}>
        preset
      </button>
    </form>
  );
}

async function show(props: Props = {}, language: Language = 'en'): Promise<{ i18n: i18n; input: HTMLInputElement }> {
  const i18n = await createConsoleI18n(language);
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <div dir={language === 'ar' ? 'rtl' : 'ltr'}>
          <Form {...props} />
        </div>
      </I18nextProvider>,
    );
  });
  return { i18n, input: screen.getByRole('textbox', { name: props.label ?? 'From' }) as HTMLInputElement };
}

const typeIn = (input: HTMLInputElement, text: string) => fireEvent.change(input, { target: { value: text } });
const value = () => screen.getByTestId('value').textContent;
const grid = () => screen.getByRole('grid');
const focusedDay = () => (document.activeElement as HTMLElement).dataset.day;

describe('DateField: typing', () => {
  it('shows its value as the console prints dates (27/11/2026), not as the browser would', async () => {
    const { input } = await show({ start: '2026-11-27' });
    expect(input.value).toBe('27/11/2026');
    expect(input.type).toBe('text');
    expect(input.getAttribute('placeholder')).toBe('dd/mm/yyyy');
  });

  it('hands back the screens’ value (YYYY-MM-DD) as soon as the text is a date, and writes a quick text out on leaving', async () => {
    const onValue = vi.fn();
    const { input } = await show({ onValue });
    typeIn(input, '3/2/2026');
    expect(onValue).toHaveBeenLastCalledWith('2026-02-03');
    typeIn(input, '05022026');
    expect(value()).toBe('2026-02-05');
    fireEvent.blur(input);
    expect(input.value).toBe('05/02/2026');
    typeIn(input, '');
    expect(value()).toBe('');
  });

  it('an impossible date says why on leaving the field, keeps the text, and reports no value', async () => {
    const onValue = vi.fn();
    const { input } = await show({ start: '2026-11-27', onValue });
    typeIn(input, '31/02/2026');
    expect(screen.queryByRole('alert')).toBeNull(); // not while typing
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('There is no 31/02/2026: February 2026 has 28 days.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.value).toBe('31/02/2026');
    expect(onValue).not.toHaveBeenCalled();
    expect(value()).toBe('2026-11-27');
    typeIn(input, '28/02/2026');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(value()).toBe('2026-02-28');
  });

  it('a text that is no date at all shows the format with an example', async () => {
    const { input } = await show();
    typeIn(input, '11/27/2026');
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Not a date: write day/month/year, e.g. 27/11/2026.');
  });

  it('its form does not submit while the text is not a date (or is empty when required), and says why', async () => {
    const onSubmit = vi.fn();
    const { input } = await show({ start: '2026-11-27', onSubmit, required: true });
    const form = screen.getByRole('form', { name: 'report' }) as HTMLFormElement;
    typeIn(input, '31/02/2026');
    act(() => form.requestSubmit());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toContain('February 2026 has 28 days');
    typeIn(input, '');
    act(() => form.requestSubmit());
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Enter a date.');
    typeIn(input, '26/11/2026');
    act(() => form.requestSubmit());
    expect(onSubmit).toHaveBeenCalledOnce();
  });

  it('min and max: a day outside is refused with the bound in the console’s format', async () => {
    const onSubmit = vi.fn();
    const { input } = await show({ start: '2026-11-10', min: '2026-11-05', max: '2026-11-27', onSubmit });
    typeIn(input, '04/11/2026');
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('Choose 05/11/2026 or later.');
    expect(value()).toBe('2026-11-10');
    typeIn(input, '28/11/2026');
    expect(screen.getByRole('alert').textContent).toBe('Choose 27/11/2026 or earlier.');
    act(() => (screen.getByRole('form') as HTMLFormElement).requestSubmit());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a new value from the screen (a preset) replaces the text', async () => {
    const { input } = await show({ start: '2026-11-27' });
    fireEvent.click(screen.getByRole('button', { name: 'preset' }));
    expect(input.value).toBe('15/01/2026');
  });
});

describe('DateTimeField', () => {
  it('shows and takes 27/11/2026, 14:05; its value is YYYY-MM-DDTHH:mm', async () => {
    const { input } = await show({ kind: 'datetime', start: '2026-11-27T14:05', label: 'Until' });
    expect(input.value).toBe('27/11/2026, 14:05');
    typeIn(input, '28/11/2026, 9:30');
    expect(value()).toBe('2026-11-28T09:30');
    fireEvent.blur(input);
    expect(input.value).toBe('28/11/2026, 09:30');
    typeIn(input, '28/11/2026, 25:00');
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('There is no time 25:00: hours go from 00 to 23, minutes from 00 to 59.');
  });

  it('a day picked on the calendar keeps the time typed', async () => {
    const { input } = await show({ kind: 'datetime', start: '2026-11-27T14:05', label: 'Until' });
    fireEvent.keyDown(input, { key: 'ArrowDown', altKey: true });
    fireEvent.keyDown(grid(), { key: 'ArrowDown' });
    fireEvent.keyDown(grid(), { key: 'Enter' });
    expect(value()).toBe('2026-12-04T14:05');
    expect(input.value).toBe('04/12/2026, 14:05');
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('DateField: the calendar', () => {
  it('opens from the keyboard on the chosen day, weeks from Saturday, today marked', async () => {
    const { input } = await show({ start: '2026-11-20' });
    fireEvent.keyDown(input, { key: 'ArrowDown', altKey: true });
    const dialog = screen.getByRole('dialog', { name: 'November 2026' });
    expect(within(dialog).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Sat', 'Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri']);
    expect(focusedDay()).toBe('2026-11-20');
    expect(document.activeElement?.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Friday, 20 November 2026');
    expect(dialog.querySelector('[aria-current="date"]')?.getAttribute('data-day')).toBe('2026-11-27');
  });

  it('arrows move by a day and a week, PageUp/PageDown by a month, Home/End to the week’s ends; Enter picks', async () => {
    const { input } = await show({ start: '2026-11-20' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    fireEvent.keyDown(grid(), { key: 'ArrowRight' });
    expect(focusedDay()).toBe('2026-11-21');
    fireEvent.keyDown(grid(), { key: 'ArrowLeft' });
    fireEvent.keyDown(grid(), { key: 'ArrowLeft' });
    expect(focusedDay()).toBe('2026-11-19');
    fireEvent.keyDown(grid(), { key: 'ArrowUp' });
    expect(focusedDay()).toBe('2026-11-12');
    fireEvent.keyDown(grid(), { key: 'PageDown' });
    expect(focusedDay()).toBe('2026-12-12');
    expect(screen.getByRole('dialog', { name: 'December 2026' })).toBeTruthy();
    fireEvent.keyDown(grid(), { key: 'PageUp' });
    fireEvent.keyDown(grid(), { key: 'PageUp' });
    expect(focusedDay()).toBe('2026-10-12');
    // 12 October 2026 is a Monday: its week runs Saturday 10 to Friday 16.
    fireEvent.keyDown(grid(), { key: 'Home' });
    expect(focusedDay()).toBe('2026-10-10');
    fireEvent.keyDown(grid(), { key: 'End' });
    expect(focusedDay()).toBe('2026-10-16');
    fireEvent.keyDown(grid(), { key: 'Enter' });
    expect(value()).toBe('2026-10-16');
    expect(input.value).toBe('16/10/2026');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('Escape closes it without a pick and gives the focus back to the field; a click on a day picks it', async () => {
    const { input } = await show({ start: '2026-11-20' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(grid(), { key: 'ArrowRight' });
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(value()).toBe('2026-11-20');
    expect(document.activeElement).toBe(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.click(screen.getByRole('gridcell', { name: 'Wednesday, 25 November 2026' }));
    expect(value()).toBe('2026-11-25');
  });

  it('days outside min and max are marked, cannot be picked and cannot be reached', async () => {
    await show({ start: '2026-11-20', min: '2026-11-18', max: '2026-11-22' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const before = screen.getByRole('gridcell', { name: 'Tuesday, 17 November 2026' });
    expect(before.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(before);
    expect(value()).toBe('2026-11-20');
    fireEvent.keyDown(grid(), { key: 'ArrowDown' });
    expect(focusedDay()).toBe('2026-11-22');
    fireEvent.keyDown(grid(), { key: 'PageUp' });
    expect(focusedDay()).toBe('2026-11-18');
  });

  it('the month buttons turn the month and leave the focus on them', async () => {
    await show({ start: '2026-11-20' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    const next = screen.getByRole('button', { name: 'Next month' });
    next.focus();
    fireEvent.click(next);
    expect(screen.getByRole('dialog', { name: 'December 2026' })).toBeTruthy();
    expect(document.activeElement).toBe(next);
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous month' }));
    expect(screen.getByRole('dialog', { name: 'October 2026' })).toBeTruthy();
  });

  it('a press outside closes it', async () => {
    await show({ start: '2026-11-20' });
    fireEvent.click(screen.getByRole('button', { name: 'Open the calendar' }));
    fireEvent.mouseDown(screen.getByRole('button', { name: 'preset' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});

describe('DateField in Arabic, right to left', () => {
  it('shows and takes the console’s Arabic date (Arabic digits typed too) and says why in Arabic', async () => {
    const { input } = await show({ start: '2026-11-27' }, 'ar');
    expect(input.value).toBe(formatDate(new Date(2026, 10, 27), 'ar'));
    typeIn(input, '٣/١٢/٢٠٢٦');
    expect(value()).toBe('2026-12-03');
    expect(input.value).toBe('3\u200f/12\u200f/2026');
    fireEvent.blur(input);
    expect(input.value).toBe(formatDate(new Date(2026, 11, 3), 'ar'));
    typeIn(input, '31/02/2026');
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toBe('لا يوجد تاريخ 31\u200f/02\u200f/2026: في شباط 2026 28 يومًا.');
  });

  it('an edit in the middle keeps the caret after what was typed, though the marks are written again', async () => {
    const { input } = await show({ start: '2026-11-27' }, 'ar');
    input.focus();
    // The month 11 made 12 in place: the text as typed has lost the mark after the day.
    const typed = '27/12\u200f/2026';
    fireEvent.change(input, { target: { value: typed, selectionStart: 5, selectionEnd: 5 } });
    expect(input.value).toBe('27\u200f/12\u200f/2026');
    expect(value()).toBe('2026-12-27');
    // After "27/12": the same five figures and slashes, one mark more before them.
    expect(input.selectionStart).toBe(6);
  });

  it('a date and time reads as the console prints it in Arabic', async () => {
    const { input } = await show({ kind: 'datetime', start: '2026-11-27T14:05', label: 'Until' }, 'ar');
    expect(input.value).toBe(formatDateTime(new Date(2026, 10, 27, 14, 5), 'ar'));
    expect(screen.getByRole('textbox', { name: 'Until' }).getAttribute('placeholder')).toBe('يوم/شهر/سنة، ساعة:دقيقة');
  });

  it('the grid runs from the right: Saturday first in reading order, ArrowLeft is the next day, names in Arabic', async () => {
    const { input } = await show({ start: '2026-11-20' }, 'ar');
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const dialog = screen.getByRole('dialog', { name: 'تشرين الثاني 2026' });
    expect(dialog.getAttribute('dir')).toBe('rtl');
    expect(within(dialog).getAllByRole('columnheader').map((h) => h.getAttribute('abbr'))).toEqual(['السبت', 'الأحد', 'الاثنين', 'الثلاثاء', 'الأربعاء', 'الخميس', 'الجمعة']);
    expect(screen.getByRole('button', { name: 'الشهر التالي' })).toBeTruthy();
    fireEvent.keyDown(grid(), { key: 'ArrowLeft' });
    expect(focusedDay()).toBe('2026-11-21');
    fireEvent.keyDown(grid(), { key: 'ArrowRight' });
    fireEvent.keyDown(grid(), { key: 'ArrowRight' });
    expect(focusedDay()).toBe('2026-11-19');
    fireEvent.keyDown(grid(), { key: 'Enter' });
    expect(value()).toBe('2026-11-19');
  });

  it('switching the language writes the text again in the new one', async () => {
    const { i18n, input } = await show({ start: '2026-11-27' });
    expect(input.value).toBe('27/11/2026');
    await act(async () => {
      await i18n.changeLanguage('ar');
    });
    expect(input.value).toBe(formatDate(new Date(2026, 10, 27), 'ar'));
  });
});
