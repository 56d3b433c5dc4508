/**
 * The front desk in the cafe's words (issue 23): a station's status may carry
 * staff's message (a lock: "Please come to the desk") and the instant it ends
 * (a hold: reserved until 18:30), so a reconnecting kiosk is told them again;
 * an audit line keeps its facts (what was done, to whom, the amount, the
 * method, the note) as JSON beside the request's detail, for sentences in both
 * languages. Portable SQL: nullable text columns only.
 */
import type { Kysely, Migration } from 'kysely';

const STATION_COLUMNS = ['status_message', 'status_until'] as const;

export const desk2Migration: Migration = {
  async up(db: Kysely<unknown>) {
    for (const column of STATION_COLUMNS) await db.schema.alterTable('stations').addColumn(column, 'text').execute();
    await db.schema.alterTable('audit_log').addColumn('facts', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_log').dropColumn('facts').execute();
    for (const column of [...STATION_COLUMNS].reverse()) await db.schema.alterTable('stations').dropColumn(column).execute();
  },
};
