/** The development outbox's reading side (delivery.ts writes it). */
import type { Db } from '../db/schema.js';

/** The newest messages, newest first. */
export function newestMessages(db: Db, limit: number) {
  return db.selectFrom('outbox').selectAll().orderBy('id', 'desc').limit(limit).execute();
}
