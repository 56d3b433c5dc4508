/**
 * The Squad Hub (issue 14): friend codes, friendships (one row per pair:
 * pending → accepted | declined), what each customer says about their
 * presence, and the ping limit per sender → receiver pair. Portable SQL:
 * text ids, integer/bigint numbers, no autoIncrement.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const social: Migration = {
  async up(db: Kysely<unknown>) {
    // A code is given to a customer the first time it is needed (GET /social/my-friend-code); unique.
    await db.schema
      .createTable('friend_codes')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    // pair_key is the two user ids in sorted order: one friendship per pair, whoever asked first.
    await db.schema
      .createTable('friendships')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('pair_key', 'text', (c) => c.notNull().unique())
      .addColumn('requester_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('addressee_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending','accepted','declined')`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('responded_at', 'text')
      .addCheckConstraint('friendships_not_self', sql`requester_id <> addressee_id`)
      .execute();
    await db.schema.createIndex('friendships_requester').on('friendships').columns(['requester_id', 'status']).execute();
    await db.schema.createIndex('friendships_addressee').on('friendships').columns(['addressee_id', 'status']).execute();

    // What the customer's station last said (PUT /social/presence); the server decides what friends see.
    await db.schema
      .createTable('presence')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('offline','online','playing','invisible')`))
      .addColumn('brand_id', 'text')
      .addColumn('cafe_name', 'text')
      .addColumn('station_id', 'text')
      .addColumn('current_game', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    // The last accepted ping per sender → receiver (epoch ms), taken with one conditional write.
    await db.schema
      .createTable('ping_limits')
      .addColumn('pair_key', 'text', (c) => c.primaryKey())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['ping_limits', 'presence', 'friendships', 'friend_codes']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
