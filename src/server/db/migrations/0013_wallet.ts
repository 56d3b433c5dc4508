/**
 * One wallet (issue 21): the ledger becomes the truth of every balance.
 * Each line says which balance it moved (`bucket`: 'paid' = balance, 'free' =
 * protected_balance), the session a charge billed, and whether staff took the
 * money while no shift was open (`unattended`: the next shift adopts it).
 * Older lines get their kind; every user whose balances were written without a
 * line (seeded, billed before this migration) gets one `opening` line per
 * balance so that from here on balance = Σ lines. The owner's limits live in
 * `wallet_limits` (one row; none: the defaults). Portable SQL.
 */
import { sql, type Kysely, type Migration } from 'kysely';

export const walletMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('balance_ledger').addColumn('bucket', 'text', (c) => c.notNull().defaultTo('paid')).execute();
    await db.schema.alterTable('balance_ledger').addColumn('session_id', 'text').execute();
    await db.schema.alterTable('balance_ledger').addColumn('unattended', 'integer', (c) => c.notNull().defaultTo(0)).execute();
    await db.schema.createIndex('balance_ledger_user').on('balance_ledger').columns(['user_id', 'bucket']).execute();
    await db.schema.createIndex('balance_ledger_shift').on('balance_ledger').columns(['shift_id']).execute();
    await db.schema.createIndex('balance_ledger_session').on('balance_ledger').columns(['session_id']).execute();

    await sql`update balance_ledger set kind = 'offer_order' where kind is null and order_id is not null`.execute(db);
    await sql`update balance_ledger set kind = 'adjustment' where kind is null`.execute(db);
    await sql`update balance_ledger set bucket = 'free' where kind in ('free_time', 'free_minutes')`.execute(db);
    // Staff money of older lines without a shift: the shift open at the time (the old report counted it by time)...
    await sql`
      update balance_ledger set shift_id = (
        select s.id from shifts s
        where s.opened_at <= balance_ledger.created_at and (s.closed_at is null or s.closed_at >= balance_ledger.created_at)
        order by s.opened_at desc limit 1)
      where shift_id is null and kind in ('top_up', 'refund', 'offer_order')`.execute(db);
    // ...and what was taken with no shift open waits for the next shift.
    await sql`update balance_ledger set unattended = 1 where shift_id is null and kind in ('top_up', 'refund', 'offer_order')`.execute(db);

    const now = new Date().toISOString();
    for (const [bucket, column] of [
      ['paid', 'balance'],
      ['free', 'protected_balance'],
    ] as const) {
      await sql`
        insert into balance_ledger (user_id, amount, reason, order_id, staff_user_id, created_at, kind, bucket, unattended)
        select u.id, cast(u.${sql.ref(column)} - coalesce(t.total, 0) as integer), 'opening balance', null, null, ${now}, 'opening', ${bucket}, 0
        from users u
        left join (select user_id, sum(amount) as total from balance_ledger where bucket = ${bucket} group by user_id) t on t.user_id = u.id
        where u.${sql.ref(column)} <> coalesce(t.total, 0)`.execute(db);
    }

    await db.schema
      .createTable('wallet_limits')
      .addColumn('id', 'text', (c) => c.primaryKey())
      /** The most one staff movement (a top-up, an adjustment, free time, a refund) may move, IQD. */
      .addColumn('action_max', 'integer', (c) => c.notNull())
      /** The most staff may credit in one shift (or while no shift is open), IQD. */
      .addColumn('shift_max', 'integer', (c) => c.notNull())
      .addColumn('updated_by', 'text')
      .addColumn('updated_at', 'text')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('wallet_limits').execute();
    await sql`delete from balance_ledger where kind = 'opening'`.execute(db);
    await db.schema.dropIndex('balance_ledger_session').execute();
    await db.schema.dropIndex('balance_ledger_shift').execute();
    await db.schema.dropIndex('balance_ledger_user').execute();
    await db.schema.alterTable('balance_ledger').dropColumn('unattended').execute();
    await db.schema.alterTable('balance_ledger').dropColumn('session_id').execute();
    await db.schema.alterTable('balance_ledger').dropColumn('bucket').execute();
  },
};
