/**
 * The consistency rules of a price list the owner enters (the field ranges
 * are the zod schemas'): a clear message per problem, none when it is sound.
 * Each problem also names the field it is about (`periods.0.weekdays`) and a
 * code, so a form shows it at that field in the reader's language; the
 * server sends them with its 400.
 */
import { z } from 'zod';
import { dateOf, dayOfDate } from './calendar.js';
import type { PriceList } from './types.js';

export interface Known {
  groupIds: readonly string[];
  tierIds: readonly string[];
}

export const PRICE_PROBLEM_CODES = [
  'duplicateId',
  'rateOrPercent',
  'neverApplies',
  'badDate',
  'noGroup',
  'unknownGroup',
  'duplicateTier',
  'unknownTier',
] as const;
export type PriceProblemCode = (typeof PRICE_PROBLEM_CODES)[number];

export const priceProblemSchema = z.object({
  /** The field, as a dotted path into the list: `timePackages.1.groupIds`. */
  path: z.string(),
  code: z.enum(PRICE_PROBLEM_CODES),
  message: z.string(),
});
export type PriceProblem = z.infer<typeof priceProblemSchema>;

export function priceListIssues(list: PriceList, known?: Known): PriceProblem[] {
  const problems: PriceProblem[] = [];
  const add = (path: string, code: PriceProblemCode, message: string) => problems.push({ path, code, message });
  const seen = new Set<string>();
  const unique = (what: string, path: string, id: string) => {
    if (seen.has(id)) add(`${path}.id`, 'duplicateId', `${what} id "${id}" is used twice: every period and package needs its own id.`);
    seen.add(id);
  };
  const groups = (what: string, path: string, name: string, ids: readonly string[] | null) => {
    if (!known || ids === null) return;
    if (ids.length === 0) add(`${path}.groupIds`, 'noGroup', `${what} "${name}" names no station group: give at least one, or null for every group.`);
    for (const id of ids) if (!known.groupIds.includes(id)) add(`${path}.groupIds`, 'unknownGroup', `${what} "${name}" names an unknown station group: ${id}.`);
  };

  list.periods.forEach((p, i) => {
    const path = `periods.${i}`;
    unique('Rate period', path, p.id);
    if ((p.hourlyRate === null) === (p.percentOff === null)) {
      add(`${path}.hourlyRate`, 'rateOrPercent', `Rate period "${p.name}" needs exactly one of hourlyRate (IQD per hour) and percentOff (0–100).`);
    }
    if (p.weekdays.length === 0 && p.dates.length === 0) {
      add(`${path}.weekdays`, 'neverApplies', `Rate period "${p.name}" needs weekdays or dates: it would never apply.`);
    }
    for (const date of p.dates) {
      if (Number.isNaN(dayOfDate(date)) || dateOf(dayOfDate(date)) !== date) add(`${path}.dates`, 'badDate', `Rate period "${p.name}": ${date} is not a date.`);
    }
    groups('Rate period', path, p.name, p.groupIds);
  });
  list.timePackages.forEach((t, i) => {
    unique('Time package', `timePackages.${i}`, t.id);
    groups('Time package', `timePackages.${i}`, t.name, t.groupIds);
  });
  list.windowPackages.forEach((w, i) => {
    unique('Window package', `windowPackages.${i}`, w.id);
    groups('Window package', `windowPackages.${i}`, w.name, w.groupIds);
  });
  const tiers = new Set<string>();
  list.tierPrices.forEach((t, i) => {
    const path = `tierPrices.${i}.tierId`;
    if (tiers.has(t.tierId)) add(path, 'duplicateTier', `Tier ${t.tierId} has two member prices: give one.`);
    tiers.add(t.tierId);
    if (known && !known.tierIds.includes(t.tierId)) add(path, 'unknownTier', `Member price for an unknown tier: ${t.tierId}.`);
  });
  return problems;
}

/** The problems as sentences (the 400's message). */
export function priceListProblems(list: PriceList, known?: Known): string[] {
  return priceListIssues(list, known).map((p) => p.message);
}
