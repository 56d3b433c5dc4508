/** Tick boxes both apps use (src/shared/ui/Choice.tsx): named by their label, in either language; a group keeps its order and shows its error. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxField, CheckboxGroup } from '../../../src/shared/ui/Choice.js';

afterEach(cleanup);

const DAYS = [
  { value: 1, label: 'Mon' },
  { value: 2, label: 'Tue' },
  { value: 3, label: 'Wed' },
];

describe('CheckboxField', () => {
  it('is named by its visible label and hands back the tick', () => {
    const onChecked = vi.fn();
    render(<CheckboxField label="On sale" checked={false} onChecked={onChecked} />);
    const box = screen.getByRole('checkbox', { name: 'On sale' });
    expect(screen.getByText('On sale').className).toBe('check__label');
    fireEvent.click(box);
    expect(onChecked).toHaveBeenCalledWith(true);
  });

  it('in Arabic, and with its label hidden under a column header, keeps its name', () => {
    const onChecked = vi.fn();
    render(
      <div dir="rtl" lang="ar">
        <CheckboxField label="معروض" checked onChecked={onChecked} labelHidden />
      </div>,
    );
    const box = screen.getByRole('checkbox', { name: 'معروض' }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByText('معروض').className).toContain('field__label--hidden');
    fireEvent.click(box);
    expect(onChecked).toHaveBeenCalledWith(false);
  });

  it('a disabled box does not change', () => {
    const onChecked = vi.fn();
    render(<CheckboxField label="Shown" checked={false} onChecked={onChecked} disabled />);
    const box = screen.getByRole('checkbox', { name: 'Shown' }) as HTMLInputElement;
    expect(box.disabled).toBe(true);
  });
});

describe('CheckboxGroup', () => {
  it('is a group named by its legend whose ticks come back in the options’ order', () => {
    const onValue = vi.fn();
    render(<CheckboxGroup legend="Days" options={DAYS} value={[3]} onValue={onValue} />);
    const group = screen.getByRole('group', { name: 'Days' });
    expect(group.querySelectorAll('input[type=checkbox]')).toHaveLength(3);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Mon' }));
    expect(onValue).toHaveBeenLastCalledWith([1, 3]);
    fireEvent.click(screen.getByRole('checkbox', { name: 'Wed' }));
    expect(onValue).toHaveBeenLastCalledWith([]);
  });

  it('keeps a ticked value that is not among its options (a group removed since)', () => {
    const onValue = vi.fn();
    render(<CheckboxGroup legend="Groups" options={[{ value: 'vip', label: 'VIP' }]} value={['gone']} onValue={onValue} />);
    fireEvent.click(screen.getByRole('checkbox', { name: 'VIP' }));
    expect(onValue).toHaveBeenLastCalledWith(['vip', 'gone']);
  });

  it('shows its error under its boxes, announced, and marks the group invalid; none without one', () => {
    const { rerender } = render(<CheckboxGroup legend="الأيام" options={DAYS} value={[]} onValue={() => undefined} error="اختر يوماً واحداً على الأقل" />);
    const group = screen.getByRole('group', { name: 'الأيام' });
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('اختر يوماً واحداً على الأقل');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.getAttribute('aria-describedby')).toBe(error.id);
    rerender(<CheckboxGroup legend="الأيام" options={DAYS} value={[]} onValue={() => undefined} error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('group', { name: 'الأيام' }).hasAttribute('aria-invalid')).toBe(false);
  });

  it('draws what it is given before its boxes (an "every group" box)', () => {
    render(
      <CheckboxGroup legend="Groups" options={[]} value={[]} onValue={() => undefined}>
        <CheckboxField label="Every group" checked onChecked={() => undefined} />
      </CheckboxGroup>,
    );
    expect(screen.getByRole('group', { name: 'Groups' }).contains(screen.getByRole('checkbox', { name: 'Every group' }))).toBe(true);
  });
});
