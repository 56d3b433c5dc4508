/**
 * The front desk's gaps (issue 15, branch desk): a customer or staff account
 * can be disabled (who, when, why); a reward claim and a centre account's
 * failed-launch flag are taken ("on my way") and resolved by a named staff
 * member, like service calls. Portable SQL: nullable text columns only.
 */
import type { Kysely, Migration } from 'kysely';

const USER_COLUMNS = ['disabled_at', 'disabled_by', 'disabled_reason'] as const;
const CLAIM_COLUMNS = ['acknowledged_at', 'acknowledged_by'] as const;
const FLAG_COLUMNS = ['flag_acknowledged_at', 'flag_acknowledged_by', 'flag_resolved_at', 'flag_resolved_by'] as const;

export const deskMigration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of USER_COLUMNS) await db.schema.alterTable('users').addColumn(column, 'text').execute();
    for (const column of CLAIM_COLUMNS) await db.schema.alterTable('reward_claims').addColumn(column, 'text').execute();
    for (const column of FLAG_COLUMNS) await db.schema.alterTable('game_accounts').addColumn(column, 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const column of [...FLAG_COLUMNS].reverse()) await db.schema.alterTable('game_accounts').dropColumn(column).execute();
    for (const column of [...CLAIM_COLUMNS].reverse()) await db.schema.alterTable('reward_claims').dropColumn(column).execute();
    for (const column of [...USER_COLUMNS].reverse()) await db.schema.alterTable('users').dropColumn(column).execute();
  },
};
