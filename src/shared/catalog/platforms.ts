/** SPEC §3 platform enumeration and the §9 sort order, filter chips and classification. */

export const Platform = {
  Application: 0,
  LAN: 1,
  SinglePlayer: 2,
  Steam: 3,
  Epic: 4,
  Host: 5,
  Riot: 6,
  EA: 7,
  Ubisoft: 8,
  XboxApp: 9,
  Other: 10,
  Game: 11,
} as const;
export type Platform = (typeof Platform)[keyof typeof Platform];

/** The launcher named {host} in the SPEC: the cafe's own platform. */
export const HOST_PLATFORM_NAME = 'Spawnpoint';

export const PLATFORM_NAMES: Record<Platform, string> = {
  0: 'Application',
  1: 'LAN',
  2: 'Single Player',
  3: 'Steam',
  4: 'Epic',
  5: HOST_PLATFORM_NAME,
  6: 'Riot',
  7: 'EA',
  8: 'Ubisoft',
  9: 'Xbox App',
  10: 'Other',
  11: 'Game',
};

export const ALL_PLATFORMS: readonly Platform[] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11];

export function isPlatform(value: unknown): value is Platform {
  return typeof value === 'number' && (ALL_PLATFORMS as readonly number[]).includes(value);
}

export function platformName(platform: number): string {
  return isPlatform(platform) ? PLATFORM_NAMES[platform] : PLATFORM_NAMES[Platform.Other];
}

/** Label used on filter chips: Game (11) shows as Other. */
export function platformChipLabel(platform: Platform): string {
  return platform === Platform.Game ? PLATFORM_NAMES[Platform.Other] : PLATFORM_NAMES[platform];
}

/** §9: Steam, {host}, Riot, Ubisoft, Epic, EA, Game, LAN, Single Player, Application, Xbox App, Other. */
export const PLATFORM_SORT_ORDER: readonly Platform[] = [
  Platform.Steam,
  Platform.Host,
  Platform.Riot,
  Platform.Ubisoft,
  Platform.Epic,
  Platform.EA,
  Platform.Game,
  Platform.LAN,
  Platform.SinglePlayer,
  Platform.Application,
  Platform.XboxApp,
  Platform.Other,
];

export function platformRank(platform: number): number {
  const index = PLATFORM_SORT_ORDER.indexOf(platform as Platform);
  return index === -1 ? PLATFORM_SORT_ORDER.length : index;
}

/** §9: filter chips cover Steam, Epic, {host}, Riot, EA, Ubisoft, Game, LAN, Single Player. */
export const FILTER_CHIP_PLATFORMS: readonly Platform[] = [
  Platform.Steam,
  Platform.Epic,
  Platform.Host,
  Platform.Riot,
  Platform.EA,
  Platform.Ubisoft,
  Platform.Game,
  Platform.LAN,
  Platform.SinglePlayer,
];

/** §5: centre accounts are offered only for these platforms. */
export const CENTRE_ACCOUNT_PLATFORMS: readonly Platform[] = [
  Platform.Steam,
  Platform.Epic,
  Platform.Host,
  Platform.Riot,
  Platform.EA,
  Platform.Ubisoft,
];

export function offersCentreAccounts(platform: number): boolean {
  return (CENTRE_ACCOUNT_PLATFORMS as readonly number[]).includes(platform);
}

/** Json_ID prefixes of §3. */
export type EntryKind = 'launcher' | 'game' | 'application' | 'peripheral' | 'unknown';

export function entryKind(jsonId: string): EntryKind {
  if (jsonId.startsWith('plat-')) return 'launcher';
  if (jsonId.startsWith('game-')) return 'game';
  if (jsonId.startsWith('app-')) return 'application';
  if (jsonId.startsWith('peripheral-')) return 'peripheral';
  return 'unknown';
}

/** §9: plat- prefix means launchers. */
export function isLauncher(entry: { Json_ID: string }): boolean {
  return entry.Json_ID.startsWith('plat-');
}

/** §9: game- means games. */
export function isGame(entry: { Json_ID: string }): boolean {
  return entry.Json_ID.startsWith('game-');
}

/** §9: plat-, app-, peripheral- or Application platform means applications. */
export function isApplication(entry: { Json_ID: string; Platform: number }): boolean {
  const kind = entryKind(entry.Json_ID);
  return (
    kind === 'launcher' ||
    kind === 'application' ||
    kind === 'peripheral' ||
    entry.Platform === Platform.Application
  );
}

/** §9: games are sorted by platform order then name. */
export function compareGames(
  a: { Platform: number; Name: string },
  b: { Platform: number; Name: string },
): number {
  return platformRank(a.Platform) - platformRank(b.Platform) || a.Name.localeCompare(b.Name);
}
