/**
 * The country-code picker's list (SPEC §5): every country libphonenumber-js
 * knows with its dial code, IL and UA excluded, IQ first as the default,
 * names in the current language.
 */
import { getCountries, getCountryCallingCode, type CountryCode } from 'libphonenumber-js';
import { DEFAULT_COUNTRY, EXCLUDED_COUNTRIES } from '../../../shared/constants.js';

export interface CountryOption {
  code: string;
  dialCode: string;
  name: string;
}

export function countryOptions(language: string): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  const excluded: readonly string[] = EXCLUDED_COUNTRIES;
  const options = getCountries()
    .filter((code) => !excluded.includes(code))
    .map((code: CountryCode) => ({
      code,
      dialCode: getCountryCallingCode(code),
      name: names?.of(code) ?? code,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, language));
  const first = options.findIndex((o) => o.code === DEFAULT_COUNTRY);
  if (first > 0) options.unshift(...options.splice(first, 1));
  return options;
}
