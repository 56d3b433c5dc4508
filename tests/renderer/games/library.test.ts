import { describe, expect, it } from 'vitest';
import {
  accountGames,
  categoryLabels,
  filterLibrary,
  isFiltered,
  launcherEntries,
  libraryGames,
  NO_ACCOUNT_GAMES,
  NO_FILTER,
  platformChips,
} from '../../../src/renderer/games/library/library.js';
import { englishText } from '../../../src/renderer/core/i18n/uiMessage.js';
import { platformChipLabel } from '../../../src/shared/catalog/platforms.js';
import type { GameEntry } from '../../../src/shared/entities.js';

const entry = (Json_ID: string, Name: string, Platform: number, extra: Partial<GameEntry> = {}): GameEntry => ({
  Json_ID,
  Name,
  Platform,
  Thumbnail: '',
  Categories: [],
  IsMultiPlatform: false,
  App_ID: null,
  ...extra,
});

const ENTRIES: GameEntry[] = [
  entry('plat-steam', 'Steam', 3),
  entry('plat-epic', 'Epic Games Launcher', 4),
  entry('app-discord', 'Discord', 0),
  entry('peripheral-logitech', 'G HUB', 10),
  entry('game-notepad', 'Notepad', 0),
  entry('game-cs2', 'Counter-Strike 2', 3, { Categories: [16, 0, 21, 22] }),
  entry('game-r6-ubi', 'Rainbow Six Siege', 8, { App_ID: '359550' }),
  entry('game-r6-steam', 'Rainbow Six Siege', 3, { App_ID: '359550' }),
  entry('game-valorant', 'VALORANT', 6),
  entry('game-among-us', 'Among Us', 11),
  entry('game-fortnite', 'Fortnite', 4),
  entry('game-efootball', 'eFootball 2025', 5),
  entry('game-aoe2', 'Age of Empires II', 1),
];

describe('the library (SPEC §2, §9)', () => {
  const games = libraryGames(ENTRIES);

  it('keeps games only, one card per App_ID with every platform, sorted by platform order then name', () => {
    expect(games.map((g) => g.game.Json_ID)).toEqual([
      'game-cs2',
      'game-r6-steam',
      'game-efootball',
      'game-valorant',
      'game-fortnite',
      'game-among-us',
      'game-aoe2',
    ]);
    expect(games[1]?.platforms).toEqual([3, 8]);
    expect(games[1]?.entries.map((e) => e.Json_ID)).toEqual(['game-r6-steam', 'game-r6-ubi']);
  });

  it('puts the plat- entries in the launcher row', () => {
    expect(launcherEntries(ENTRIES).map((e) => e.Json_ID)).toEqual(['plat-steam', 'plat-epic']);
  });

  it('offers a chip for each platform present, in the §9 chip order, Game labelled Other', () => {
    expect(platformChips(games)).toEqual([3, 4, 5, 6, 8, 11, 1]);
    expect(platformChipLabel(11)).toBe('Other');
    expect(platformChips(libraryGames([entry('game-a', 'A', 3), entry('game-b', 'B', 3)]))).toEqual([3]);
  });

  it('searches by name, case-insensitively, trimmed', () => {
    const found = filterLibrary(games, { ...NO_FILTER, query: '  siege ' });
    expect(found.map((g) => g.game.Name)).toEqual(['Rainbow Six Siege']);
    expect(filterLibrary(games, { ...NO_FILTER, query: 'zzz' })).toEqual([]);
  });

  it('filters by chip: a multi-platform game shows under each of its platforms', () => {
    expect(filterLibrary(games, { ...NO_FILTER, platform: 8 }).map((g) => g.game.Name)).toEqual(['Rainbow Six Siege']);
    expect(filterLibrary(games, { ...NO_FILTER, platform: 3 }).map((g) => g.game.Name)).toEqual([
      'Counter-Strike 2',
      'Rainbow Six Siege',
    ]);
  });

  it("'Center Accounts Only' keeps the games that have accounts, by Json_ID or by name on the platform", () => {
    const withAccounts = accountGames([
      { gameId: 'game-r6-ubi', gameName: 'Rainbow Six Siege', platform: 8 },
      { gameId: 'valorant-on-another-server', gameName: 'valorant', platform: 6 },
    ]);
    const found = filterLibrary(games, { ...NO_FILTER, accountsOnly: true }, withAccounts);
    expect(found.map((g) => g.game.Name)).toEqual(['Rainbow Six Siege', 'VALORANT']);
  });

  it("'Center Accounts Only' without the server's games-with-accounts list (not in the SPEC) keeps the games in category 22", () => {
    const tagged = libraryGames([
      { Json_ID: 'game-a', Name: 'A', Thumbnail: '', Platform: 3, Categories: [16, 22], IsMultiPlatform: false, App_ID: null },
      { Json_ID: 'game-b', Name: 'B', Thumbnail: '', Platform: 3, Categories: [16], IsMultiPlatform: false, App_ID: null },
    ]);
    expect(filterLibrary(tagged, { ...NO_FILTER, accountsOnly: true }, NO_ACCOUNT_GAMES).map((g) => g.game.Name)).toEqual(['A']);
    // With the server's list, the list decides.
    expect(filterLibrary(tagged, { ...NO_FILTER, accountsOnly: true }, accountGames([{ gameId: 'game-b', gameName: 'B', platform: 3 }])).map((g) => g.game.Name)).toEqual(['B']);
  });

  it('returns the same list when nothing filters, and knows when something does', () => {
    expect(filterLibrary(games, NO_FILTER)).toBe(games);
    expect(isFiltered(NO_FILTER)).toBe(false);
    expect(isFiltered({ ...NO_FILTER, query: ' ' })).toBe(false);
    expect(isFiltered({ ...NO_FILTER, accountsOnly: true })).toBe(true);
  });

  it("names categories, 'Category {n}' for an unknown one and 'Uncategorized' for none; the modal shows the first 3", () => {
    expect(categoryLabels([16, 0, 21, 22], 3).map(englishText)).toEqual(['FPS', 'Action', 'Free to Play']);
    expect(categoryLabels([99]).map(englishText)).toEqual(['Category 99']);
    expect(categoryLabels([]).map(englishText)).toEqual(['Uncategorized']);
  });

  it('filters 5,000 games per keystroke well under a frame', () => {
    const many = libraryGames(
      Array.from({ length: 5000 }, (_, i) => entry(`game-${i}`, `Game ${i} ${i % 7 === 0 ? 'Siege' : 'Arena'}`, 3 + (i % 6))),
    );
    const started = performance.now();
    for (const query of ['s', 'si', 'sie', 'sieg', 'siege']) filterLibrary(many, { ...NO_FILTER, query });
    expect((performance.now() - started) / 5).toBeLessThan(16);
  });
});
