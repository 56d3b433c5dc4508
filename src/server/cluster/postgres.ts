/**
 * A private PostgreSQL cluster from Debian's `postgresql` package: initdb +
 * pg_ctl in a new temporary directory, listening only on a unix socket in
 * that directory (no port to collide on, nothing reachable from the
 * network). As root the cluster runs as the `postgres` user (initdb refuses
 * root). Durability is off: the cluster lives as long as the test run or the
 * `npm run cluster` demo that started it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

const SUPERUSER = 'postgres';

export interface Cluster {
  /** The folder holding the data directory and the socket. */
  dir: string;
  /** A postgres:// URL for a database of this cluster. */
  url(database: string): string;
  stop(): void;
}

/** The newest installed server's bin folder (/usr/lib/postgresql/<version>/bin), or null. */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

const isRoot = () => typeof process.getuid === 'function' && process.getuid() === 0;

/** Runs a PostgreSQL program as the cluster's owner. */
function runAsOwner(bin: string, args: string[]): void {
  const [command, argv] = isRoot() ? ['runuser', ['-u', SUPERUSER, '--', bin, ...args]] : [bin, args];
  const r = spawnSync(command, argv, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
}

export function clusterUrl(dir: string, database: string): string {
  return `postgresql://${SUPERUSER}@localhost/${database}?host=${encodeURIComponent(dir)}`;
}

/** initdb + pg_ctl start in a new temporary folder; throws with the reason when PostgreSQL is not installed. */
export function startCluster(): Cluster {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL is not installed: Debian package postgresql (as root: node scripts/setup.mjs cluster)");
  const dir = mkdtempSync(join(tmpdir(), 'spawnpoint-pg-'));
  const data = join(dir, 'data');
  if (isRoot()) {
    const uid = Number(execFileSync('id', ['-u', SUPERUSER], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', SUPERUSER], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  chmodSync(dir, 0o700);
  runAsOwner(join(bin, 'initdb'), ['-D', data, '-U', SUPERUSER, '--auth=trust', '--no-locale', '-E', 'UTF8', '--no-sync']);
  // Byte-order text comparison like SQLite (--no-locale), unix socket only, no durability (tests only).
  const conf = [
    "listen_addresses = ''",
    `unix_socket_directories = '${dir}'`,
    'max_connections = 400',
    'fsync = off',
    'synchronous_commit = off',
    'full_page_writes = off',
    'shared_buffers = 64MB',
    "log_min_messages = 'fatal'",
  ].join('\n');
  const confFile = join(data, 'postgresql.auto.conf');
  writeFileSync(confFile, `${conf}\n`, { flag: 'a' });
  runAsOwner(join(bin, 'pg_ctl'), ['-D', data, '-l', join(dir, 'server.log'), '-w', '-s', 'start']);
  return {
    dir,
    url: (database) => clusterUrl(dir, database),
    stop() {
      try {
        runAsOwner(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', '-w', '-s', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** Runs statements on the cluster's maintenance database. */
export async function admin(dir: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: clusterUrl(dir, 'postgres') });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
