/**
 * The server tests' preamble in one call: a fresh cafe server (in-memory
 * SQLite, demo seed, manual clock) per test or per file, closed afterwards,
 * and the admin's bearer token when asked for.
 *
 *   const t = useServer({ admin: true });
 *   it('…', async () => { await ok(t.url, adminStations, { token: t.admin }); t.clock.advance(60_000); });
 */
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { CafeServer, ServerOptions } from '../../../src/server/app.js';
import type { ManualClock } from '../../../src/server/clock/clock.js';
import { adminToken, startServer, type TestServer } from './harness.js';

export interface ServerFixtureOptions {
  /** 'test' (default): a new server for every test; 'file': one for the whole file. */
  per?: 'test' | 'file';
  /** Sign the admin in once the server is up (`fixture.admin`). */
  admin?: boolean;
  /** buildServer options on top of the test defaults; a function is read when the server starts. */
  server?: Partial<ServerOptions> | (() => Partial<ServerOptions>);
}

export interface ServerFixture extends TestServer {
  /** The admin's bearer token (only with `admin: true`). */
  readonly admin: string;
}

export function useServer(options: ServerFixtureOptions = {}): ServerFixture {
  let current: TestServer | undefined;
  let admin: string | undefined;
  const live = (): TestServer => {
    if (!current) throw new Error('useServer: the server is not running (use it inside a test or hook)');
    return current;
  };

  const start = async () => {
    const extra = typeof options.server === 'function' ? options.server() : options.server;
    current = await startServer(extra);
    admin = options.admin ? await adminToken(current.url) : undefined;
  };
  const stop = async () => {
    await current?.close();
    current = undefined;
  };
  if (options.per === 'file') {
    beforeAll(start);
    afterAll(stop);
  } else {
    beforeEach(start);
    afterEach(stop);
  }

  return {
    get server(): CafeServer {
      return live().server;
    },
    get url(): string {
      return live().url;
    },
    get clock(): ManualClock {
      return live().clock;
    },
    get credentials(): Map<string, string> {
      return live().credentials;
    },
    get admin(): string {
      if (admin === undefined) throw new Error('useServer: pass { admin: true } to get the admin token');
      return admin;
    },
    close: () => live().close(),
  };
}
