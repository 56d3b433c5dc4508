/**
 * The demo's centre-account pools: Steam and Riot accounts (plus one each for
 * Epic and EA) for the catalogue's 'Center Accounts' games, one Riot account
 * only for the VIP room. Their passwords are sealed like any other account's.
 */
import type { Db } from '../db/schema.js';
import { addGameAccount, type NewGameAccount } from '../game-accounts/accounts.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { Platform as P } from '../../shared/catalog/platforms.js';

export const DEMO_GAME_ACCOUNTS: readonly NewGameAccount[] = [
  { platform: P.Steam, username: 'arena_steam_01', password: 'steam-demo-01', games: ['game-cs2', 'game-r6-steam'] },
  { platform: P.Steam, username: 'arena_steam_02', password: 'steam-demo-02', games: ['game-cs2', 'game-gta5-steam'] },
  { platform: P.Steam, username: 'arena_steam_03', password: 'steam-demo-03', games: ['game-gta5-steam'] },
  { platform: P.Riot, username: 'arena_riot_01', password: 'riot-demo-01', games: ['game-valorant', 'game-lol'] },
  { platform: P.Riot, username: 'arena_riot_02', password: 'riot-demo-02', games: ['game-valorant'] },
  { platform: P.Riot, username: 'arena_riot_vip', password: 'riot-demo-vip', games: ['game-valorant'], stationGroup: 'VIP' },
  { platform: P.Epic, username: 'arena_epic_01', password: 'epic-demo-01', games: ['game-gta5-epic'] },
  { platform: P.EA, username: 'arena_ea_01', password: 'ea-demo-01', games: ['game-eafc25-ea'] },
  { platform: P.Ubisoft, username: 'arena_ubi_01', password: 'ubi-demo-01', games: ['game-r6-ubisoft'] },
];

export async function seedDemoGameAccounts(db: Db, secrets: SecretBox, now: string): Promise<void> {
  for (const account of DEMO_GAME_ACCOUNTS) await addGameAccount(db, secrets, now, account);
}
