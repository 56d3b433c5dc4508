/**
 * SPEC §2 games tab, §9 sort order, filter chips and classification: the
 * library's pure rules. One card per App_ID with every platform it is on,
 * sorted by platform order then name; launchers (plat-) in their own row;
 * applications (app-, peripheral-, Application) belong to the side bar.
 */
import {
  compareGames,
  FILTER_CHIP_PLATFORMS,
  isApplication,
  isLauncher,
  platformRank,
  type Platform,
} from '../../../shared/catalog/platforms.js';
import { Category } from '../../../shared/catalog/categories.js';
import type { GameEntry } from '../../../shared/entities.js';
import { categoryMessage } from '../../../shared/i18n/en.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';

/** One card of the library: a game and every platform it is on. */
export interface LibraryGame {
  /** The entry shown (its best-ranked platform's). */
  game: GameEntry;
  /** Every entry of the game, one per platform, in platform order. */
  entries: GameEntry[];
  platforms: Platform[];
  /** The name in lower case, for the search (computed once per load, not per keystroke). */
  searchName: string;
}

/** Each library answer's cards, by the answer (a list in the store is replaced, never changed in place). */
const grouped = new WeakMap<readonly GameEntry[], LibraryGame[]>();

/**
 * The cards the library grid shows, in display order. Grouped once per answer:
 * a session that opens on the station's library as last answered gets its cards
 * at once (issue 27: 5,000 games take 5–25 ms to group and sort here).
 */
export function libraryGames(entries: readonly GameEntry[]): LibraryGame[] {
  let cards = grouped.get(entries);
  if (!cards) {
    cards = groupGames(entries);
    grouped.set(entries, cards);
  }
  return cards;
}

function groupGames(entries: readonly GameEntry[]): LibraryGame[] {
  const groups = new Map<string, GameEntry[]>();
  for (const entry of entries) {
    if (isApplication(entry)) continue;
    const key = entry.App_ID ? `app:${entry.App_ID}` : `json:${entry.Json_ID}`;
    const group = groups.get(key);
    if (group) group.push(entry);
    else groups.set(key, [entry]);
  }
  return [...groups.values()]
    .map((group) => {
      const sorted = [...group].sort((a, b) => platformRank(a.Platform) - platformRank(b.Platform));
      const game = sorted[0] as GameEntry;
      return {
        game,
        entries: sorted,
        platforms: [...new Set(sorted.map((e) => e.Platform as Platform))],
        searchName: game.Name.toLowerCase(),
      };
    })
    .sort((a, b) => compareGames(a.game, b.game));
}

/** The launcher row (plat- entries), in platform order then name. */
export function launcherEntries(entries: readonly GameEntry[]): GameEntry[] {
  return entries.filter(isLauncher).sort(compareGames);
}

/** §2/§9: the chips for the platforms present; Game (11) is labelled 'Other' by the chip. */
export function platformChips(games: readonly LibraryGame[]): Platform[] {
  const present = new Set<number>();
  for (const game of games) for (const platform of game.platforms) present.add(platform);
  return FILTER_CHIP_PLATFORMS.filter((platform) => present.has(platform));
}

/** A game that has centre accounts, as GET /game-accounts/games-with-accounts names it. */
export interface AccountGameRef {
  gameId: string;
  gameName: string;
  platform: number;
}

/** The lookup the 'Center Accounts Only' filter uses: by Json_ID, or by name and platform. */
export interface AccountGames {
  ids: ReadonlySet<string>;
  namesOnPlatform: ReadonlySet<string>;
  /** Whether the server gave the list at all (its answer is not in the SPEC). */
  known: boolean;
}

export const NO_ACCOUNT_GAMES: AccountGames = { ids: new Set(), namesOnPlatform: new Set(), known: false };

export function accountGames(list: readonly AccountGameRef[], known = true): AccountGames {
  return {
    known,
    ids: new Set(list.map((g) => g.gameId)),
    namesOnPlatform: new Set(list.map((g) => `${g.platform}:${g.gameName.trim().toLowerCase()}`)),
  };
}

/**
 * Whether a card has centre accounts: the games-with-accounts list when the
 * server gave it (its answer is not in the SPEC), else the SPEC's own mark,
 * the 'Center Accounts' category (§3, 22).
 */
export function hasCentreAccounts(game: LibraryGame, withAccounts: AccountGames): boolean {
  return game.entries.some(
    (entry) =>
      (!withAccounts.known && entry.Categories.includes(Category.CenterAccounts)) ||
      withAccounts.ids.has(entry.Json_ID) ||
      withAccounts.namesOnPlatform.has(`${entry.Platform}:${entry.Name.trim().toLowerCase()}`),
  );
}

export interface LibraryFilter {
  query: string;
  /** null: 'All'. */
  platform: Platform | null;
  accountsOnly: boolean;
}

export const NO_FILTER: LibraryFilter = { query: '', platform: null, accountsOnly: false };


export function isFiltered(filter: LibraryFilter): boolean {
  return filter.query.trim() !== '' || filter.platform !== null || filter.accountsOnly;
}

/** The cards that pass the search, the chip and the centre-account toggle, in library order. */
export function filterLibrary(
  games: readonly LibraryGame[],
  filter: LibraryFilter,
  withAccounts: AccountGames = NO_ACCOUNT_GAMES,
): readonly LibraryGame[] {
  const query = filter.query.trim().toLowerCase();
  if (!query && filter.platform === null && !filter.accountsOnly) return games;
  const platform = filter.platform;
  return games.filter(
    (game) =>
      (!query || game.searchName.includes(query)) &&
      (platform === null || game.platforms.includes(platform)) &&
      (!filter.accountsOnly || hasCentreAccounts(game, withAccounts)),
  );
}

/** The entry of a card for a platform tab (the card's own when it is not on that platform). */
export function entryFor(game: LibraryGame, platform: number | null): GameEntry {
  return game.entries.find((e) => e.Platform === platform) ?? game.game;
}

/** §3: categories by name; an unknown value is 'Category {n}', none is 'Uncategorized'. */
export function categoryLabels(categories: readonly number[], max = Infinity): UiMessage[] {
  if (categories.length === 0) return [{ key: 'category.uncategorized' }];
  return categories.slice(0, max).map((value) => categoryMessage(value));
}
