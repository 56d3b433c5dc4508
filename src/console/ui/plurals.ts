/**
 * The counted words the console's screens share, in both languages, for the shared `formatCount`
 * (`useFormat().count(n, STATIONS)`): "1 station", "2 stations"; Arabic picks its own form
 * (جهاز واحد، جهازين، 3 أجهزة، 11 جهازًا). Never "station(s)".
 */
import type { PluralForms } from '../../shared/format.js';

type Forms = { en: PluralForms; ar: PluralForms };

export const STATIONS: Forms = {
  en: { one: '{n} station', other: '{n} stations' },
  ar: { zero: '{n} جهاز', one: 'جهاز واحد', two: 'جهازين', few: '{n} أجهزة', other: '{n} جهاز' },
};

export const GAMES: Forms = {
  en: { one: '{n} game', other: '{n} games' },
  ar: { zero: '{n} لعبة', one: 'لعبة واحدة', two: 'لعبتان', few: '{n} ألعاب', other: '{n} لعبة' },
};

export const CARDS: Forms = {
  en: { one: '{n} card', other: '{n} cards' },
  ar: { zero: '{n} بطاقة', one: 'بطاقة واحدة', two: 'بطاقتين', few: '{n} بطاقات', other: '{n} بطاقة' },
};
