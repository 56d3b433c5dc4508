/** Issue 24: the phone field recognises a pasted "+964…", "00964…" and a local "07…" number. */
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { joinPhone, readTypedPhone } from '../../../../src/renderer/front-door/sign-up/countries.js';
import { PhoneInput } from '../../../../src/renderer/front-door/sign-up/PhoneInput.js';
import '../../../../src/renderer/core/i18n/i18n.js';

afterEach(cleanup);

describe('readTypedPhone', () => {
  it.each([
    ['+964 770 123 4567', 'IQ', { country: 'IQ', number: '7701234567' }],
    ['+9647701234567', 'JO', { country: 'IQ', number: '7701234567' }],
    ['00964 770 123 4567', 'IQ', { country: 'IQ', number: '7701234567' }],
    ['00962 79 123 4567', 'IQ', { country: 'JO', number: '791234567' }],
    ['+44 20 7946 0958', 'IQ', { country: 'GB', number: '2079460958' }],
    ['0770 123 4567', 'IQ', { country: 'IQ', number: '7701234567' }],
    ['7701234567', 'IQ', { country: 'IQ', number: '7701234567' }],
  ])('%s (picker on %s) → %o', (text, country, expected) => {
    expect(readTypedPhone(text, country)).toEqual(expected);
    expect(joinPhone(expected.country, expected.number)).toMatch(/^\+\d+$/);
  });

  it('a country the picker leaves out (IL, UA) keeps the chosen country, and a half-typed number of its own code loses the code', () => {
    expect(readTypedPhone('+972 50 123 4567', 'IQ').country).toBe('IQ');
    expect(readTypedPhone('+380 50 123 4567', 'IQ').country).toBe('IQ');
    expect(readTypedPhone('+9647', 'IQ')).toEqual({ country: 'IQ', number: '7' });
    expect(readTypedPhone('+', 'IQ')).toEqual({ country: 'IQ', number: '' });
  });
});

function Field({ initial = '' }: { initial?: string }) {
  const [country, setCountry] = useState('IQ');
  const [number, setNumber] = useState(initial);
  return (
    <>
      <PhoneInput labelId="phone-label" label="Phone" country={country} number={number} onCountry={setCountry} onNumber={setNumber} />
      <output data-testid="full">{joinPhone(country, number)}</output>
    </>
  );
}

const paste = (text: string) =>
  fireEvent.paste(screen.getByLabelText('Phone'), { clipboardData: { getData: (type: string) => (type === 'text' ? text : '') } });

describe('PhoneInput', () => {
  it('a pasted "+962…" number sets Jordan in the picker and its national digits in the field, replacing what was typed', () => {
    render(<Field initial="77" />);
    paste('+962 79 123 4567');
    expect((screen.getByLabelText('Phone') as HTMLInputElement).value).toBe('791234567');
    expect(screen.getByTestId('full').textContent).toBe('+962791234567');
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('JO');
  });

  it('a pasted "00964…" number and a typed local "07…" number give the same full number', () => {
    render(<Field />);
    paste('00964 770 123 4567');
    expect(screen.getByTestId('full').textContent).toBe('+9647701234567');
    fireEvent.change(screen.getByLabelText('Phone'), { target: { value: '07701234567' } });
    expect(screen.getByTestId('full').textContent).toBe('+9647701234567');
    expect((screen.getByRole('combobox') as HTMLSelectElement).value).toBe('IQ');
  });
});
