/**
 * Levels (SPEC §3 Progress, §9 "Default level size 10000 XP"): a level table
 * in the database; a user's level is the highest one whose `min_xp` their
 * lifetime XP reaches. Past the last row every level is 10,000 XP wide.
 */
import { DEFAULT_LEVEL_SIZE_XP } from '../../shared/constants.js';
import type { Progress } from '../../shared/entities.js';
import type { Db } from '../db/schema.js';

/** The level table a fresh cafe starts with: level → lifetime XP needed. */
export const DEFAULT_LEVELS: ReadonlyArray<{ level: number; min_xp: number }> = [
  { level: 1, min_xp: 0 },
  { level: 2, min_xp: 1_000 },
  { level: 3, min_xp: 3_000 },
  { level: 4, min_xp: 6_000 },
  { level: 5, min_xp: 10_000 },
  { level: 6, min_xp: 15_000 },
  { level: 7, min_xp: 21_000 },
  { level: 8, min_xp: 28_000 },
  { level: 9, min_xp: 36_000 },
  { level: 10, min_xp: 45_000 },
];

export type LevelRow = { level: number; min_xp: number };

/** The level and where the user stands in it, from the table (sorted by level). */
export function levelFromTable(table: readonly LevelRow[], lifetimeXp: number): { level: number; progress: NonNullable<Progress['levelProgress']> } {
  const xp = Math.max(0, Math.floor(lifetimeXp));
  const sorted = [...table].sort((a, b) => a.level - b.level);
  const last = sorted.at(-1) ?? { level: 1, min_xp: 0 };
  let current = sorted[0] ?? last;
  for (const row of sorted) if (xp >= row.min_xp) current = row;
  let start = current.min_xp;
  let level = current.level;
  let size: number;
  const next = sorted.find((row) => row.level > current.level);
  if (next) size = next.min_xp - current.min_xp;
  else {
    // Beyond the table: a new level every DEFAULT_LEVEL_SIZE_XP.
    const extra = Math.floor((xp - last.min_xp) / DEFAULT_LEVEL_SIZE_XP);
    level = last.level + extra;
    start = last.min_xp + extra * DEFAULT_LEVEL_SIZE_XP;
    size = DEFAULT_LEVEL_SIZE_XP;
  }
  if (xp < start) return { level: 0, progress: { currentLevelXp: xp, nextLevelXp: start, xpToNextLevel: start - xp, progress: 0 } };
  const into = xp - start;
  return {
    level,
    progress: {
      currentLevelXp: into,
      nextLevelXp: size,
      xpToNextLevel: size - into,
      progress: Math.min(100, Math.floor((into / size) * 100)),
    },
  };
}

export function levelTable(db: Db): Promise<LevelRow[]> {
  return db.selectFrom('levels').selectAll().orderBy('level').execute();
}

export async function levelFor(db: Db, lifetimeXp: number) {
  return levelFromTable(await levelTable(db), lifetimeXp);
}
