import { existsSync } from 'node:fs';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import react from '@vitejs/plugin-react';

// The server and security tests run a second time on PostgreSQL: a private cluster for the run
// (tests/support/postgres-setup.ts), a fresh database per server the tests start. `npm test` installs
// Debian's postgresql (scripts/setup.mjs); elsewhere without it the project is left out, with a warning
// (never on CI, where a missing PostgreSQL fails the run).
const ci = process.env.CI === 'true' || process.env.CI === '1';
const withPostgres = ci || existsSync('/usr/lib/postgresql');
if (!withPostgres) console.warn('[vitest] PostgreSQL is not installed: the node-pg project is skipped (node scripts/setup.mjs test installs it)');

const nodePg: TestProjectInlineConfiguration = {
  test: {
    name: 'node-pg',
    environment: 'node',
    include: ['tests/server/**/*.test.ts', 'tests/security/**/*.test.ts'],
    // No database of their own (or SQLite's file specifics): they run once, in the node project.
    exclude: ['tests/server/{argon2-pool,billing,cli,cluster-flags,db,games-secret-box,haproxy-config,process}.test.ts'],
    globalSetup: ['tests/support/postgres-setup.ts'],
    env: { SPAWNPOINT_TEST_DB: 'postgres' },
    testTimeout: 20_000,
    // Two test projects share the cores: starting a server process may take longer than the default 10 s.
    hookTimeout: 30_000,
  },
};

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['tests/{shared,server,main}/**/*.test.ts', 'tests/security/**/*.test.ts'],
          // The shared ui (React, the DOM) runs with the renderer's project, in jsdom.
          exclude: ['tests/server/{postgres,realtime-cluster,migrate-to-postgres,cluster-once}.test.ts', 'tests/shared/ui/**'],
          testTimeout: 20_000,
          // The projects share two cores: starting a server process may take longer than the default 10 s.
          hookTimeout: 30_000,
        },
      },
      ...(withPostgres ? [nodePg] : []),
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          environment: 'jsdom',
          include: ['tests/renderer/**/*.test.{ts,tsx}', 'tests/console/**/*.test.{ts,tsx}', 'tests/shared/ui/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
