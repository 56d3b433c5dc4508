/**
 * Issue 24: a station's screen asked for by staff. One row per request; the
 * station's upload fills in the image (base64 text: portable between SQLite
 * and PostgreSQL) once. Rows older than a day are deleted when a new request
 * comes (screenshots/service.ts).
 */
import type { Kysely, Migration } from 'kysely';

export const screenshotsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('station_screenshots')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('station_id', 'text', (c) => c.notNull())
      .addColumn('requested_by', 'text', (c) => c.notNull())
      .addColumn('requested_at', 'text', (c) => c.notNull())
      .addColumn('taken_at', 'text')
      .addColumn('content_type', 'text')
      .addColumn('bytes', 'integer')
      .addColumn('image_base64', 'text')
      .execute();
    await db.schema.createIndex('station_screenshots_station').on('station_screenshots').columns(['station_id', 'requested_at']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('station_screenshots').execute();
  },
};
