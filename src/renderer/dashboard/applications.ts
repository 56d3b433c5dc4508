/**
 * SPEC §2/§9 side bar applications: the station's plat-, app-, peripheral-
 * and Application entries, grouped Browsers, Peripherals, Communication,
 * Software, Other Applications by their prefix and categories; empty groups
 * are left out, names sorted within a group.
 */
import { Category } from '../../shared/catalog/categories.js';
import { entryKind, isApplication } from '../../shared/catalog/platforms.js';
import type { GameEntry } from '../../shared/entities.js';

export const APPLICATION_GROUPS = ['browsers', 'peripherals', 'communication', 'software', 'other'] as const;
export type ApplicationGroup = (typeof APPLICATION_GROUPS)[number];

export function applicationGroup(entry: Pick<GameEntry, 'Json_ID' | 'Categories'>): ApplicationGroup {
  const has = (category: number) => entry.Categories.includes(category);
  if (has(Category.WebBrowser)) return 'browsers';
  if (entryKind(entry.Json_ID) === 'peripheral' || has(Category.PeripheralSoftware)) return 'peripherals';
  if (has(Category.Communication) || has(Category.VoiceChat)) return 'communication';
  if (has(Category.Software)) return 'software';
  return 'other';
}

export interface ApplicationSection {
  group: ApplicationGroup;
  entries: GameEntry[];
}

export function groupApplications(entries: readonly GameEntry[]): ApplicationSection[] {
  const groups = new Map<ApplicationGroup, GameEntry[]>();
  for (const entry of entries) {
    if (!isApplication(entry)) continue;
    const group = applicationGroup(entry);
    groups.set(group, [...(groups.get(group) ?? []), entry]);
  }
  return APPLICATION_GROUPS.filter((group) => groups.has(group)).map((group) => ({
    group,
    entries: [...(groups.get(group) ?? [])].sort((a, b) => a.Name.localeCompare(b.Name)),
  }));
}
