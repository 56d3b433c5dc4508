/**
 * SPEC §2/§5 phone field: the country-code picker (IL and UA excluded, IQ
 * first and the default) and the number, digits only with leading zeros
 * removed. Used by the sign-up face and the profile's edit mode. A pasted
 * "+964…" or "00964…" number sets the country and keeps the national digits,
 * a local "07…" its digits without the trunk zero (issue 24: `readTypedPhone`).
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryOptions, readTypedPhone } from './countries.js';

export interface PhoneInputProps {
  /** The id of the label element that names the field. */
  labelId: string;
  label: string;
  country: string;
  number: string;
  onCountry(country: string): void;
  onNumber(number: string): void;
}

export function PhoneInput({ labelId, label, country, number, onCountry, onNumber }: PhoneInputProps) {
  const { t, i18n } = useTranslation();
  const countries = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const take = (text: string) => {
    const read = readTypedPhone(text, country);
    if (read.country !== country) onCountry(read.country);
    onNumber(read.number);
  };
  return (
    <div className="field">
      <span className="field__label" id={labelId}>
        {label}
      </span>
      <div className="phone-input">
        <select
          className="field__input phone-input__country"
          aria-label={t('login.country')}
          value={country}
          onChange={(event) => onCountry(event.target.value)}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {`${c.name} (\u2066+${c.dialCode}\u2069)`}
            </option>
          ))}
        </select>
        <input
          className="field__input phone-input__number"
          aria-labelledby={labelId}
          name="phone"
          dir="ltr"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="7701234567"
          value={number}
          onChange={(event) => take(event.target.value)}
          onPaste={(event) => {
            // A whole number pasted replaces what was there, so its + or 00 is seen (not run into the digits typed before).
            const pasted = event.clipboardData.getData('text');
            if (!/^\s*(\+|00)/.test(pasted)) return;
            event.preventDefault();
            take(pasted);
          }}
        />
      </div>
    </div>
  );
}
