/**
 * The database as Kysely sees it, composed from one table file per domain
 * (`tables/`). Columns are snake_case; booleans are stored as 0/1 integers and
 * timestamps as ISO-8601 strings (clock time). Migrations stay in `migrations/`.
 */
import type { Insertable, Kysely, Selectable } from 'kysely';
import type { CardTables } from './tables/cards.js';
import type { ConsoleTables } from './tables/console.js';
import type { GameTable, GameTables } from './tables/games.js';
import type { GamesServerTables } from './tables/games-server.js';
import type { OAuthTables } from './tables/oauth.js';
import type { OutboxTables } from './tables/outbox.js';
import type { PricingTables } from './tables/pricing.js';
import type { ProfileTables } from './tables/profile.js';
import type { ClientSessionTable, SessionTables } from './tables/sessions.js';
import type { StationGroupTable, StationTable, StationTables } from './tables/stations.js';
import type { TrustTables } from './tables/trust.js';
import type { StoreTables } from './tables/store.js';
import type { SocialTables } from './tables/social.js';
import type { SetupTables } from './tables/setup.js';
import type { UserTable, UserTables } from './tables/users.js';
import type { WalletTables } from './tables/wallet.js';

export type { Bool } from './tables/columns.js';
export { bool } from './tables/columns.js';
export type * from './tables/cards.js';
export type * from './tables/console.js';
export type * from './tables/desk.js';
export type * from './tables/games.js';
export type * from './tables/games-server.js';
export type * from './tables/oauth.js';
export type * from './tables/outbox.js';
export type * from './tables/pricing.js';
export type * from './tables/profile.js';
export type * from './tables/sessions.js';
export type * from './tables/stations.js';
export type * from './tables/store.js';
export type * from './tables/social.js';
export type * from './tables/trust.js';
export type * from './tables/users.js';
export type * from './tables/wallet.js';

export interface Database
  extends StationTables,
    UserTables,
    SessionTables,
    GameTables,
    CardTables,
    OutboxTables,
    TrustTables,
    GamesServerTables,
    StoreTables,
    SocialTables,
    ProfileTables,
    ConsoleTables,
    OAuthTables,
    PricingTables,
    SetupTables,
    WalletTables {}

export type Db = Kysely<Database>;
export type StationRow = Selectable<StationTable>;
export type StationGroupRow = Selectable<StationGroupTable>;
export type UserRow = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type SessionRow = Selectable<ClientSessionTable>;
export type GameRow = Selectable<GameTable>;
