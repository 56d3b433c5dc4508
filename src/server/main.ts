/**
 * Runs the reference cafe server. Prints exactly one line on stdout when
 * ready — `Spawnpoint cafe server listening on http://HOST:PORT` — and logs
 * to stderr (level from SPAWNPOINT_LOG_LEVEL, default warn).
 */
import { buildServer, type CafeServer } from './app.js';
import { systemClock } from './clock/clock.js';
import { UsageError } from './config/argv.js';
import { isLoopbackHost, parseServerFlags, SERVER_USAGE, type ServerFlags } from './config/server-flags.js';
import { demoWarning, findDemoSecrets, hasDemoSecrets } from './seed/demo-secrets.js';
import { createSetupToken, needsSetup, setupLink } from './setup/tokens.js';

function flagsOrExit(): ServerFlags {
  try {
    return parseServerFlags(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`spawnpoint server: ${error.message} (see --help)`);
    process.exit(2);
  }
}

async function main(): Promise<void> {
  const flags = flagsOrExit();
  if (flags.help) {
    console.log(SERVER_USAGE);
    return;
  }
  let server: CafeServer | undefined;
  try {
    server = await buildServer({
      dbPath: flags.dbPath,
      seed: flags.seed,
      clock: systemClock(flags.clockSpeed, flags.clockOrigin),
      rendererDir: flags.rendererDir,
      consoleDir: flags.consoleDir,
      publicUrl: flags.publicUrl,
      devOAuth: flags.devOAuth,
      corsOrigins: flags.corsOrigins,
      tls: flags.tls,
      nodeId: flags.nodeId,
      metricsToken: flags.metricsToken,
      trustProxy: flags.trustProxy,
      logger: { level: process.env.SPAWNPOINT_LOG_LEVEL ?? 'warn', stream: process.stderr },
    });
    // The demo's secrets are public: say so at every start, and keep them on this machine unless told it is a demo.
    const demo = await findDemoSecrets(server.db, server.context.secrets);
    if (hasDemoSecrets(demo)) {
      for (const line of demoWarning(demo)) console.error(`spawnpoint server: ${line}`);
      if (!isLoopbackHost(flags.host) && !flags.demo) {
        throw new Error(
          `refusing to listen on ${flags.host} with the demo's public secrets: change or remove them (or start on an empty database without --seed demo), or add --demo if this really is a demo`,
        );
      }
    }
    const url = await server.listen({ port: flags.port, host: flags.host });
    console.log(`Spawnpoint cafe server listening on ${url}`);
    // stdout carries exactly the ready line (scripts read it); the rest goes to stderr.
    console.error(`spawnpoint server: operator console at ${url}/console/`);
    if (await needsSetup(server.db)) {
      const token = await createSetupToken(server.db, server.clock);
      console.error('spawnpoint server: SET-UP MODE: this cafe has no owner yet. Open this one-time link (24 hours) to create the owner:');
      console.error(`spawnpoint server:   ${setupLink(flags.publicUrl ?? url, token)}`);
      console.error('spawnpoint server: (a new link: restart, or run `npm run cafe -- init-owner` on this machine)');
    }
    if (server.context.certificateFingerprint) {
      console.error(`spawnpoint server: TLS certificate fingerprint (SHA-256) ${server.context.certificateFingerprint}`);
    }
    if (flags.devOAuth) {
      console.error('spawnpoint server: the development OAuth provider is ON (--dev-oauth): anyone can sign in as any email. Demos only.');
    }
  } catch (error) {
    console.error(`spawnpoint server: ${error instanceof Error ? error.message : String(error)}`);
    await server?.close().catch(() => undefined);
    process.exit(1);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server
      ?.close()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(`spawnpoint server: error while closing after ${signal}: ${String(error)}`);
        process.exit(1);
      });
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

void main();
