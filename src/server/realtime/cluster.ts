/**
 * Realtime across server nodes: on PostgreSQL, socket.io's maintained
 * postgres adapter relays every room broadcast (an emit to a station's room,
 * a disconnect of its sockets) to the other nodes through LISTEN/NOTIFY, with
 * payloads above 8 kB parked in a table. PostgreSQL stays the only extra
 * component. SQLite means one node: the default in-memory adapter.
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Namespace, Server } from 'socket.io';

export const ATTACHMENTS_TABLE = 'socket_io_attachments';
/** pg_advisory_xact_lock key: nodes starting together create the table once. */
const CREATE_LOCK = 0x53504e31;

export interface ClusterLink {
  close(): Promise<void>;
}

/** Puts `io` (every namespace, present and future) on the postgres adapter; returns how to take it off. */
export async function joinCluster(io: Server, url: string, log: FastifyBaseLogger): Promise<ClusterLink> {
  // One connection LISTENs, one more for NOTIFY and the attachments.
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  pool.on('error', (error) => log.error({ err: error }, 'realtime adapter: database connection lost'));
  await pool.query(
    `begin;
     select pg_advisory_xact_lock(${CREATE_LOCK});
     create table if not exists ${ATTACHMENTS_TABLE} (id bigserial unique, created_at timestamptz default now(), payload bytea);
     commit;`,
  );
  io.adapter(
    createAdapter(pool, {
      errorHandler: (error: Error) => log.warn({ err: error }, 'realtime adapter error'),
    }),
  );
  return {
    async close() {
      // Every namespace's adapter (socket.io keeps them in a private map); closing the last releases the LISTEN connection.
      const nsps = (io as unknown as { _nsps: Map<string, Namespace> })._nsps;
      for (const nsp of nsps.values()) await nsp.adapter.close();
      await pool.end();
    },
  };
}
