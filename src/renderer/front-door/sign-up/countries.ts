/**
 * The country-code picker's list (SPEC §5): every country libphonenumber-js
 * knows with its dial code, IL and UA excluded, IQ first as the default,
 * names in the current language.
 */
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';
import { DEFAULT_COUNTRY, EXCLUDED_COUNTRIES } from '../../../shared/constants.js';
import { fullPhoneNumber, normalizePhoneDigits } from '../../../shared/validation/auth.js';

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

const pickable = (code: string | undefined): code is CountryCode =>
  Boolean(code) && getCountries().includes(code as CountryCode) && !(EXCLUDED_COUNTRIES as readonly string[]).includes(code as string);

/** The dial code of a country of the picker ('964' for IQ); the default's when unknown. */
export function dialCodeOf(country: string): string {
  return getCountryCallingCode(pickable(country) ? country : (DEFAULT_COUNTRY as CountryCode));
}

/**
 * A stored full number (+9647701234567) as the picker shows it: its country
 * and the national digits. A number the picker cannot show (no country, or
 * one excluded) keeps the default country and all its digits.
 */
export function splitPhone(full: string | null | undefined): { country: string; number: string } {
  const parsed = full ? parsePhoneNumberFromString(full) : undefined;
  if (parsed?.country && pickable(parsed.country)) {
    return { country: parsed.country, number: normalizePhoneDigits(parsed.nationalNumber) };
  }
  return { country: DEFAULT_COUNTRY, number: normalizePhoneDigits(full ?? '') };
}

/** The full number the picker and the digits make ('' without digits). */
export function joinPhone(country: string, number: string): string {
  return fullPhoneNumber(dialCodeOf(country), number);
}

/**
 * What was typed or pasted into the number field, as the picker and the
 * digits (issue 24): an international number — "+964 770 123 4567" or
 * "00964 770…" — sets its country (when the picker offers it) and keeps the
 * national digits; a number in the current country's own dial code loses
 * that code; a local "0770…" keeps the country and drops the trunk zero.
 */
export function readTypedPhone(text: string, country: string): { country: string; number: string } {
  const trimmed = text.trim();
  const international = /^(\+|00)/.test(trimmed);
  if (!international) return { country, number: normalizePhoneDigits(trimmed) };
  const all = trimmed.replace(/\D/g, '');
  const digits = trimmed.startsWith('+') ? all : all.slice(2);
  const parsed = digits ? parsePhoneNumberFromString(`+${digits}`) : undefined;
  if (parsed?.country && pickable(parsed.country)) {
    return { country: parsed.country, number: normalizePhoneDigits(parsed.nationalNumber) };
  }
  const own = dialCodeOf(country);
  if (digits.startsWith(own)) return { country, number: normalizePhoneDigits(digits.slice(own.length)) };
  return { country, number: normalizePhoneDigits(digits) };
}
