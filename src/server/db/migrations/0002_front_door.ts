/** The front door: prepaid cards, NFC cards, one-time tokens, pending sign-ups, phone codes, the outbox. */
import { sql, type Kysely, type Migration } from 'kysely';
import { schemaDialect } from '../dialect.js';

export const frontDoor: Migration = {
  async up(db: Kysely<unknown>) {
    const d = schemaDialect(db);
    await db.schema
      .createTable('prepaid_cards')
      .addColumn('code', 'text', (c) => c.primaryKey())
      .addColumn('amount', d.float, (c) => c.notNull().check(sql`amount > 0`))
      .addColumn('redeemed_by', 'text', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('redeemed_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('nfc_cards')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('card_uid', d.textNocase, (c) => d.nocase(c.notNull().unique()))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('nickname', 'text')
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    // Password-reset and email-verification links: stored hashed, single use, expiring.
    await db.schema
      .createTable('auth_tokens')
      .addColumn('token_hash', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull().check(sql`purpose in ('password_reset','email_verification')`))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    // A sign-up with a phone waits here until the code is verified.
    await db.schema
      .createTable('pending_registrations')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('phone_number', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('phone_codes')
      .addColumn('phone', 'text', (c) => c.primaryKey())
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('users_email_verified')
      .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
      .addColumn('verified_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('outbox')
      .addColumn('id', d.serialType, d.serial)
      .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('sms','email')`))
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('body', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of [
      'outbox',
      'users_email_verified',
      'phone_codes',
      'pending_registrations',
      'auth_tokens',
      'nfc_cards',
      'prepaid_cards',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
