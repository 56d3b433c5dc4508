/** SPEC §3 category enumeration. */

export const CATEGORY_NAMES = [
  'Action',
  'Adventure',
  'RPG',
  'Simulation',
  'Strategy',
  'Sports',
  'Puzzle',
  'Racing',
  'Fighting',
  'Horror',
  'Indie',
  'Multiplayer',
  'VR',
  'Educational',
  'Casual',
  'MOBA',
  'FPS',
  'TPS',
  'Web Browser',
  'Communication',
  'Software',
  'Free to Play',
  'Center Accounts',
  'Open World',
  'Survival',
  'Battle Royale',
  'Real Time Strategy',
  'Board Games',
  'Voice Chat',
  'Platform',
  'Peripheral Software',
] as const;

export const Category = {
  Action: 0,
  Adventure: 1,
  RPG: 2,
  Simulation: 3,
  Strategy: 4,
  Sports: 5,
  Puzzle: 6,
  Racing: 7,
  Fighting: 8,
  Horror: 9,
  Indie: 10,
  Multiplayer: 11,
  VR: 12,
  Educational: 13,
  Casual: 14,
  MOBA: 15,
  FPS: 16,
  TPS: 17,
  WebBrowser: 18,
  Communication: 19,
  Software: 20,
  FreeToPlay: 21,
  CenterAccounts: 22,
  OpenWorld: 23,
  Survival: 24,
  BattleRoyale: 25,
  RealTimeStrategy: 26,
  BoardGames: 27,
  VoiceChat: 28,
  Platform: 29,
  PeripheralSoftware: 30,
} as const;

export const UNCATEGORIZED = 'Uncategorized';

/** An unknown value shows as 'Category {n}'. */
export function categoryName(value: number): string {
  return CATEGORY_NAMES[value] ?? `Category ${value}`;
}

/** Names for a list of categories; an empty list shows 'Uncategorized'. */
export function categoryNames(values: readonly number[]): string[] {
  return values.length === 0 ? [UNCATEGORIZED] : values.map(categoryName);
}
