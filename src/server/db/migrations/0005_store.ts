/**
 * The dashboard's server side (issue 12): service calls, staff-managed offers,
 * offer orders (pending → approved | rejected), and the balance ledger that
 * records every credit an approval makes.
 */
import { sql, type Kysely, type Migration } from 'kysely';
import { schemaDialect } from '../dialect.js';

export const store: Migration = {
  async up(db: Kysely<unknown>) {
    const d = schemaDialect(db);
    await db.schema
      .createTable('service_calls')
      .addColumn('id', d.serialType, d.serial)
      .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('waiter','technical')`))
      .addColumn('station_id', 'text', (c) => c.notNull().references('stations.id').onDelete('cascade'))
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('session_id', 'text')
      .addColumn('is_guest', 'integer', (c) => c.notNull())
      .addColumn('message', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open','acknowledged','resolved')`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('acknowledged_at', 'text')
      .addColumn('acknowledged_by', 'text')
      .addColumn('resolved_at', 'text')
      .addColumn('resolved_by', 'text')
      .execute();
    // The cooldown looks up the latest call of a type by station and by user.
    await db.schema.createIndex('service_calls_station').on('service_calls').columns(['station_id', 'type', 'created_at']).execute();
    await db.schema.createIndex('service_calls_user').on('service_calls').columns(['user_id', 'type', 'created_at']).execute();

    await db.schema
      .createTable('offers')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('offer_type', 'text', (c) =>
        c.notNull().check(sql`offer_type in ('fixed_amount_discount','percentage_discount','credit_bonus')`),
      )
      .addColumn('minimum_purchase', 'integer', (c) => c.notNull().check(sql`minimum_purchase >= 0`))
      .addColumn('discount_amount', 'integer', (c) => c.check(sql`discount_amount >= 0`))
      .addColumn('discount_percentage', d.float, (c) => c.check(sql`discount_percentage between 0 and 100`))
      .addColumn('maximum_discount', 'integer', (c) => c.check(sql`maximum_discount >= 0`))
      .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('offer_orders')
      .addColumn('id', d.serialType, d.serial)
      .addColumn('offer_id', 'text', (c) => c.notNull().references('offers.id'))
      .addColumn('offer_name', 'text', (c) => c.notNull())
      .addColumn('offer_type', 'text', (c) => c.notNull())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('station_id', 'text')
      .addColumn('session_id', 'text')
      .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending').check(sql`status in ('pending','approved','rejected')`))
      .addColumn('price', 'integer', (c) => c.notNull().check(sql`price >= 0`))
      .addColumn('credit', 'integer', (c) => c.notNull().check(sql`credit >= 0`))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('decided_at', 'text')
      .addColumn('decided_by', 'text')
      .addColumn('reject_reason', 'text')
      .execute();
    await db.schema.createIndex('offer_orders_status').on('offer_orders').columns(['status', 'created_at']).execute();
    await db.schema.createIndex('offer_orders_user').on('offer_orders').columns(['user_id', 'status']).execute();

    // Every balance credit a staff decision made; an order credits at most once (unique order_id).
    await db.schema
      .createTable('balance_ledger')
      .addColumn('id', d.serialType, d.serial)
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
      .addColumn('amount', 'integer', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('order_id', 'integer', (c) => c.unique().references('offer_orders.id'))
      .addColumn('staff_user_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },

  async down(db: Kysely<unknown>) {
    for (const table of ['balance_ledger', 'offer_orders', 'offers', 'service_calls']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
