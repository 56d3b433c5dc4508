/**
 * Realtime across server nodes: on PostgreSQL, socket.io's maintained
 * postgres adapter relays every room broadcast (an emit to a station's room,
 * a disconnect of its sockets) to the other nodes through LISTEN/NOTIFY, with
 * payloads above 8 kB parked in a table. PostgreSQL stays the only extra
 * component. SQLite means one node: the default in-memory adapter.
 */
import { createAdapter } from '@socket.io/postgres-adapter';
import type { FastifyBaseLogger } from 'fastify';
import type { Namespace, Server } from 'socket.io';
import { loadPg } from '../db/connection.js';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export const ATTACHMENTS_TABLE = 'socket_io_attachments';
/** pg_advisory_xact_lock key: nodes starting together create the table once. */
const CREATE_LOCK = 0x53504e31;

export interface ClusterLink {
  close(): Promise<void>;
}

/** Puts `io` (every namespace, present and future) on the postgres adapter; returns how to take it off. */
export async function joinCluster(io: Server, url: string, log: FastifyBaseLogger): Promise<ClusterLink> {
  // One connection LISTENs, the others NOTIFY (one heartbeat per namespace) and fetch attachments.
  const pool = new (loadPg().Pool)({ connectionString: url, max: 5 });
  pool.on('error', (error) => log.error({ err: error }, 'realtime adapter: database connection lost'));
  // The LISTEN connection stays checked out: without its own listener a database restart would crash the node
  // (the adapter notices the end and reconnects).
  pool.on('connect', (client) => client.on('error', (error) => log.warn({ err: error }, 'realtime adapter: connection error')));
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
      // Every namespace's adapter (socket.io keeps them in a private map); closing the last releases the LISTEN
      // connection, but only once the adapter has it: a node closed right after it started waits for that first.
      const nsps = (io as unknown as { _nsps: Map<string, Namespace> })._nsps;
      const pubsub = (nsps.get('/')?.adapter as unknown as { client?: { client?: unknown } } | undefined)?.client;
      const deadline = Date.now() + 3000;
      while (pubsub && !pubsub.client && Date.now() < deadline) await pause(20);
      for (const nsp of nsps.values()) await nsp.adapter.close();
      await Promise.race([pool.end(), pause(3000)]);
    },
  };
}
