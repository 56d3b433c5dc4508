/** Kysely tables: the development outbox: codes and emails written instead of sent. */
import type { Generated } from 'kysely';

export interface OutboxTable {
  id: Generated<number>;
  channel: 'sms' | 'email';
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface OutboxTables {
  outbox: OutboxTable;
}
