/** The controls both apps are built from (src/shared/ui): the field's label, error and kinds; the button's kinds. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Button } from '../../../src/shared/ui/Button.js';
import { FileField, NumberField, PasswordField, SelectField, TextField } from '../../../src/shared/ui/Field.js';
import { SegmentedControl } from '../../../src/shared/ui/SegmentedControl.js';
import { SubmitButton } from '../../../src/shared/ui/SubmitButton.js';

afterEach(cleanup);

describe('TextField', () => {
  it('is named by its label and hands back what is typed', () => {
    const onValue = vi.fn();
    render(<TextField label="Username" value="" onValue={onValue} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Username' }), { target: { value: 'sara' } });
    expect(onValue).toHaveBeenCalledWith('sara');
  });

  it('shows its error under the input, announced, and marks the input invalid', () => {
    render(<TextField label="Amount" value="x" onValue={() => undefined} error="Whole IQD only" />);
    const input = screen.getByRole('textbox', { name: 'Amount' });
    const error = screen.getByRole('alert');
    expect(error.textContent).toBe('Whole IQD only');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('without an error it shows none and is not invalid', () => {
    render(<TextField label="Amount" value="5" onValue={() => undefined} error={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Amount' }).hasAttribute('aria-invalid')).toBe(false);
  });

  it('a password field asks the browser for the right password', () => {
    const { container } = render(<PasswordField purpose="current" label="Password" value="" onValue={() => undefined} />);
    const input = container.querySelector('input') as HTMLInputElement;
    expect(input.type).toBe('password');
    expect(input.autocomplete).toBe('current-password');
  });
});

describe('NumberField', () => {
  it('asks for digits, reads left to right in Arabic too, and keeps the text typed', () => {
    const onValue = vi.fn();
    render(<NumberField label="Minutes" value="" onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Minutes' });
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.getAttribute('dir')).toBe('ltr');
    fireEvent.change(input, { target: { value: '030' } });
    expect(onValue).toHaveBeenCalledWith('030');
  });
});

describe('SelectField', () => {
  it('is named by its label, lists its options and hands back the choice', () => {
    const onValue = vi.fn();
    render(
      <SelectField
        label="Method"
        value="cash"
        onValue={onValue}
        options={[
          { value: 'cash', label: 'Cash' },
          { value: 'card', label: 'Card' },
        ]}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Method' });
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Cash', 'Card']);
    fireEvent.change(select, { target: { value: 'card' } });
    expect(onValue).toHaveBeenCalledWith('card');
  });
});

describe('FileField', () => {
  it('is named by its label, takes one file of the kinds it accepts and hands it back', () => {
    const onFile = vi.fn();
    const { container } = render(<FileField label="Logo (PNG)" accept="image/png" onFile={onFile} />);
    const input = container.querySelector('input') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('image/png');
    expect(input.multiple).toBe(false);
    expect(screen.getByLabelText('Logo (PNG)')).toBe(input);
    const file = new File(['png'], 'logo.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [file] } });
    expect(onFile).toHaveBeenLastCalledWith(file);
    fireEvent.change(input, { target: { files: [] } });
    expect(onFile).toHaveBeenLastCalledWith(null);
  });
});

describe('Button', () => {
  it('is a plain button of its kind unless told otherwise', () => {
    const onClick = vi.fn();
    render(
      <form onSubmit={() => onClick('submitted')}>
        <Button variant="danger" onClick={() => onClick('clicked')}>
          Revoke
        </Button>
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Revoke' }) as HTMLButtonElement;
    expect(button.type).toBe('button');
    expect(button.className).toBe('button button--danger');
    fireEvent.click(button);
    expect(onClick.mock.calls).toEqual([['clicked']]);
  });

  it('a submit button waits while busy and says so', () => {
    render(<SubmitButton label="Sign in" busy busyLabel="Signing in…" />);
    const button = screen.getByRole('button', { name: 'Signing in…' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(button.type).toBe('submit');
    expect(button.className).toContain('button--primary');
  });
});

describe('SegmentedControl', () => {
  const options = [
    { value: 'today', label: 'Today' },
    { value: 'week', label: 'Last 7 days' },
  ] as const;

  it('is a named group whose chosen option is pressed; a click hands back its value', () => {
    const onValue = vi.fn();
    render(<SegmentedControl label="Period" value="today" options={options} onValue={onValue} />);
    const group = screen.getByRole('group', { name: 'Period' });
    const buttons = Array.from(group.querySelectorAll('button'));
    expect(buttons.map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['Today', 'true'],
      ['Last 7 days', 'false'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(onValue).toHaveBeenCalledWith('week');
  });

  it('a value that is none of the options leaves none pressed', () => {
    render(<SegmentedControl label="Period" value={null} options={options} onValue={() => undefined} />);
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false']);
  });
});

describe('Button as a link', () => {
  it('is still a button (keyboard, click) with the link look', () => {
    const onClick = vi.fn();
    render(
      <Button variant="link" onClick={onClick}>
        sara
      </Button>,
    );
    const button = screen.getByRole('button', { name: 'sara' });
    expect(button.className).toBe('button button--link');
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
