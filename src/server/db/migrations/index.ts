/**
 * The in-code migration list. Append a new file (0002_…) and one line here;
 * never edit a migration that has shipped.
 */
import type { Migration, MigrationProvider } from 'kysely';
import { initial } from './0001_initial.js';
import { frontDoor } from './0002_front_door.js';
import { trust } from './0003_trust.js';
import { games } from './0004_games.js';
import { store } from './0005_store.js';
import { profile } from './0006_profile.js';
import { social } from './0007_social.js';
import { consoleMigration } from './0008_console.js';
import { catalogue } from './0009_catalogue.js';
import { deskMigration } from './0010_desk.js';
import { authorityMigration } from './0012_authority.js';
import { qrSessionsMigration } from './0011_qr_sessions.js';
import { walletMigration } from './0013_wallet.js';
import { pricingMigration } from './0016_pricing.js';
import { safetyMigration } from './0014_safety.js';
import { signInMigration } from './0015_signin.js';
import { desk2Migration } from './0018_desk.js';
import { safety2Migration } from './0020_safety2.js';
import { packageOrdersMigration } from './0024_package_orders.js';
import { orderTakeMigration } from './0021_order_take.js';
import { playsMigration } from './0022_plays.js';
import { screenshotsMigration } from './0023_screenshots.js';
import { packageOrderTakeMigration } from './0026_package_order_take.js';

const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_front_door': frontDoor,
  '0003_trust': trust,
  '0004_games': games,
  '0005_store': store,
  '0006_profile': profile,
  '0007_social': social,
  '0008_console': consoleMigration,
  '0009_catalogue': catalogue,
  '0010_desk': deskMigration,
  '0011_qr_sessions': qrSessionsMigration,
  '0012_authority': authorityMigration,
  '0013_wallet': walletMigration,
  '0016_pricing': pricingMigration,
  '0014_safety': safetyMigration,
  '0015_signin': signInMigration,
  '0018_desk': desk2Migration,
  '0020_safety2': safety2Migration,
  '0021_order_take': orderTakeMigration,
  '0022_plays': playsMigration,
  '0024_package_orders': packageOrdersMigration,
  '0023_screenshots': screenshotsMigration,
  '0026_package_order_take': packageOrderTakeMigration,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
