/**
 * The consistency rules of a price list the owner enters (the field ranges
 * are the zod schemas'): a clear message per problem, none when it is sound.
 */
import { dateOf, dayOfDate } from './calendar.js';
import type { PriceList } from './types.js';

export interface Known {
  groupIds: readonly string[];
  tierIds: readonly string[];
}

export function priceListProblems(list: PriceList, known?: Known): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  const unique = (what: string, id: string) => {
    if (seen.has(id)) problems.push(`${what} id "${id}" is used twice: every period and package needs its own id.`);
    seen.add(id);
  };
  const groups = (what: string, name: string, ids: readonly string[] | null) => {
    if (!known || ids === null) return;
    if (ids.length === 0) problems.push(`${what} "${name}" names no station group: give at least one, or null for every group.`);
    for (const id of ids) if (!known.groupIds.includes(id)) problems.push(`${what} "${name}" names an unknown station group: ${id}.`);
  };

  for (const p of list.periods) {
    unique('Rate period', p.id);
    if ((p.hourlyRate === null) === (p.percentOff === null)) {
      problems.push(`Rate period "${p.name}" needs exactly one of hourlyRate (IQD per hour) and percentOff (0–100).`);
    }
    if (p.weekdays.length === 0 && p.dates.length === 0) {
      problems.push(`Rate period "${p.name}" needs weekdays or dates: it would never apply.`);
    }
    for (const date of p.dates) {
      if (Number.isNaN(dayOfDate(date)) || dateOf(dayOfDate(date)) !== date) problems.push(`Rate period "${p.name}": ${date} is not a date.`);
    }
    groups('Rate period', p.name, p.groupIds);
  }
  for (const t of list.timePackages) {
    unique('Time package', t.id);
    groups('Time package', t.name, t.groupIds);
  }
  for (const w of list.windowPackages) {
    unique('Window package', w.id);
    groups('Window package', w.name, w.groupIds);
  }
  const tiers = new Set<string>();
  for (const t of list.tierPrices) {
    if (tiers.has(t.tierId)) problems.push(`Tier ${t.tierId} has two member prices: give one.`);
    tiers.add(t.tierId);
    if (known && !known.tierIds.includes(t.tierId)) problems.push(`Member price for an unknown tier: ${t.tierId}.`);
  }
  return problems;
}
