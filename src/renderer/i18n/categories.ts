/** SPEC §3 game categories in the current language (the catalog's category.N keys follow CATEGORY_NAMES). */
import type { TFunction } from 'i18next';
import { CATEGORY_NAMES } from '../../shared/catalog/categories.js';
import type { MessageKey } from '../../shared/i18n/en.js';

export function categoryKey(value: number): MessageKey | null {
  return Number.isInteger(value) && value >= 0 && value < CATEGORY_NAMES.length ? (`category.${value}` as MessageKey) : null;
}

/** A category's name; an unknown value shows as 'Category {n}'. */
export function categoryLabel(t: TFunction, value: number): string {
  const key = categoryKey(value);
  return key ? String(t(key)) : String(t('category.unknown', { number: value }));
}
