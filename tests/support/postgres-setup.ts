/**
 * vitest globalSetup of the `node-pg` project: one private PostgreSQL cluster
 * for the whole run and a template database migrated to the latest schema;
 * each server a test starts gets its own copy (tests/support/postgres.ts).
 */
import { migrateToLatest, openDatabase } from '../../src/server/db/connection.js';
import { admin, CLUSTER_ENV, startCluster, TEMPLATE_DB } from './postgres.js';

export default async function setup(): Promise<() => void> {
  const cluster = startCluster();
  try {
    await admin(cluster.dir, [`create database ${TEMPLATE_DB}`]);
    const db = openDatabase(cluster.url(TEMPLATE_DB));
    await migrateToLatest(db);
    await db.destroy();
  } catch (error) {
    cluster.stop();
    throw error;
  }
  process.env[CLUSTER_ENV] = cluster.dir;
  return () => cluster.stop();
}
