/** SPEC §3 Progress as the level panel shows it; §9 "Default level size 10000 XP (fallback for next level)". */
import { DEFAULT_LEVEL_SIZE_XP } from '../../shared/constants.js';
import type { Progress } from '../../shared/entities.js';

export interface LevelView {
  level: number;
  xp: number;
  currentLevelXp: number;
  nextLevelXp: number;
  xpToNextLevel: number;
  /** 0–100. */
  percent: number;
}

export function levelView(progress: Pick<Progress, 'xp' | 'level'> & { levelProgress?: Partial<Progress['levelProgress']> | null }): LevelView {
  const lp = progress.levelProgress ?? {};
  const nextLevelXp = lp.nextLevelXp && lp.nextLevelXp > 0 ? lp.nextLevelXp : DEFAULT_LEVEL_SIZE_XP;
  const currentLevelXp = Math.max(0, lp.currentLevelXp ?? progress.xp % nextLevelXp);
  const xpToNextLevel = lp.xpToNextLevel ?? Math.max(0, nextLevelXp - currentLevelXp);
  const raw = lp.progress ?? (currentLevelXp / nextLevelXp) * 100;
  return {
    level: progress.level,
    xp: progress.xp,
    currentLevelXp,
    nextLevelXp,
    xpToNextLevel,
    percent: Math.max(0, Math.min(100, Math.round(raw))),
  };
}

/** Dates as the profile shows them, in the language on screen. */
export function shortDate(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return iso;
  return new Intl.DateTimeFormat(language, { year: 'numeric', month: 'short', day: 'numeric' }).format(time);
}

export function dateTime(iso: string | null | undefined, language: string): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  if (!Number.isFinite(time)) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(time);
}
