/**
 * The profile (issue 13): the level table, staff-managed tiers, rewards and
 * event rewards with their claims, XP earned per play (once per play), prepaid
 * card batches, and the Steam OpenID nonces already used. Portable SQL: text
 * ids, integer money and XP, multipliers as whole percents.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const profile: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('users').addColumn('lifetime_xp', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await sql`update users set lifetime_xp = xp`.execute(db);
    await db.schema.alterTable('prepaid_cards').addColumn('batch_id', 'text').execute();
    // A Steam account belongs to one user (several nulls are fine in SQLite and PostgreSQL).
    await db.schema.createIndex('users_steam_id').on('users').column('steam_id').unique().execute();

    await db.schema
      .createTable('levels')
      .addColumn('level', 'integer', (c) => c.primaryKey())
      .addColumn('min_xp', 'integer', (c) => c.notNull().unique().check(sql`min_xp >= 0`))
      .execute();

    await db.schema
      .createTable('tiers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull().unique())
      .addColumn('min_level', 'integer', (c) => c.notNull().unique().check(sql`min_level >= 0`))
      .addColumn('xp_multiplier_pct', 'integer', (c) => c.notNull().check(sql`xp_multiplier_pct between 0 and 1000`))
      .addColumn('reward_multiplier_pct', 'integer', (c) => c.notNull().check(sql`reward_multiplier_pct between 1 and 1000`))
      .addColumn('can_earn_rewards', 'integer', (c) => c.notNull())
      .addColumn('has_nfc_access', 'integer', (c) => c.notNull())
      .addColumn('can_reserve_stations', 'integer', (c) => c.notNull())
      .addColumn('max_reservation_hours', 'integer', (c) => c.notNull().check(sql`max_reservation_hours >= 0`))
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('rewards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('standard','event')`))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('required_xp', 'integer', (c) => c.notNull().check(sql`required_xp >= 0`))
      .addColumn('benefit', 'text')
      .addColumn('starts_at', 'text')
      .addColumn('ends_at', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('reward_claims')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('reward_id', 'text', (c) => c.notNull().references('rewards.id'))
      .addColumn('reward_description', 'text', (c) => c.notNull())
      .addColumn('xp_spent', 'integer', (c) => c.notNull().check(sql`xp_spent >= 0`))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('CLAIMED','DELIVERED','CANCELLED')`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .addColumn('decided_by', 'text')
      .execute();
    await db.schema.createIndex('reward_claims_user').on('reward_claims').columns(['user_id', 'created_at']).execute();
    await db.schema.createIndex('reward_claims_status').on('reward_claims').columns(['status', 'created_at']).execute();

    await db.schema
      .createTable('xp_awards')
      .addColumn('play_id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('xp', 'integer', (c) => c.notNull().check(sql`xp >= 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('prepaid_batches')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('card_count', 'integer', (c) => c.notNull().check(sql`card_count > 0`))
      .addColumn('created_by', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('steam_nonces')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('used_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['steam_nonces', 'prepaid_batches', 'xp_awards', 'reward_claims', 'rewards', 'tiers', 'levels']) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.dropIndex('users_steam_id').execute();
    await db.schema.alterTable('prepaid_cards').dropColumn('batch_id').execute();
    await db.schema.alterTable('users').dropColumn('lifetime_xp').execute();
  },
};
