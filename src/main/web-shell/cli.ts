/**
 * npm run web -- --server URL --station-id ID [--mac MAC] [--pc-name NAME]
 *                [--port N] [--host 127.0.0.1] [--renderer-dir out/renderer]
 *                [--config FILE] [--data-dir DIR] [--nfc]
 *                [--pairing-code CODE] [--server-fingerprint FP] [--test-hooks]
 * Prints exactly one line on stdout when listening:
 *   Spawnpoint web shell for station <ID> at http://HOST:PORT
 * Logs go to stderr (the enrolment's outcome among them, before that line).
 * Exit code 2 for bad arguments or config, or a missing renderer build.
 * The data directory (station-credential.json, screenshots) defaults to
 * .data/web-shell/<station id>, one per station.
 */
import { join, resolve } from 'node:path';
import { CONFIG_FLAG_NAMES, ConfigError } from '../station/config.js';
import { loadStationConfig } from '../station/config-loader.js';
import { readFlags } from '../station/flags.js';
import { WebShellError, startWebShell } from './server.js';

export const DEFAULT_WEB_SHELL_PORT = 4100;

const USAGE = `Usage: npm run web -- --server URL --station-id ID [--mac MAC] [--pc-name NAME]
       [--port N (default ${DEFAULT_WEB_SHELL_PORT}, 0 = any free port)] [--host 127.0.0.1]
       [--renderer-dir out/renderer] [--config FILE] [--data-dir DIR (where station-credential.json is kept)]
       [--pairing-code CODE (from \`npm run cafe -- pair <station id>\`; exchanged once for the station credential)]
       [--server-fingerprint AB:CD:… (https: the server certificate enrolment must see)]
       [--nfc (read cards from the PC/SC reader; otherwise taps are simulated with POST /__shell/emit)]
       [--test-hooks (serve /__shell/ to loopback requests from this shell's own origin, for tests)]`;

class UsageError extends Error {}

function parsePort(value: string | undefined): number {
  if (value === undefined) return DEFAULT_WEB_SHELL_PORT;
  if (!/^\d{1,5}$/.test(value) || Number(value) > 65535) throw new UsageError(`--port must be 0 to 65535, not "${value}"`);
  return Number(value);
}

async function main(argv: string[]): Promise<void> {
  const flags = readFlags(argv, {
    strings: [...CONFIG_FLAG_NAMES, 'port', 'host', 'renderer-dir'],
    booleans: ['help', 'nfc', 'test-hooks'],
  });
  if (flags.booleans.has('help')) {
    console.log(USAGE);
    return;
  }
  const problems = [...flags.errors, ...flags.unknown.map((arg) => `unknown argument "${arg}"`)];
  if (problems.length > 0) throw new UsageError(problems.join('\n'));
  const port = parsePort(flags.strings.get('port'));
  const config = loadStationConfig({ argv, env: process.env, defaultDataDir: resolve('.data/web-shell') });
  // Several stations on one machine each keep their own credential.
  const dataDir = config.dataDir === resolve('.data/web-shell') && /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(config.stationId)
    ? join(config.dataDir, config.stationId)
    : config.dataDir;
  const shell = await startWebShell({
    ...config,
    dataDir,
    rendererDir: resolve(flags.strings.get('renderer-dir') ?? 'out/renderer'),
    port,
    host: flags.strings.get('host') ?? '127.0.0.1',
    nfc: flags.booleans.has('nfc'),
    testHooks: flags.booleans.has('test-hooks'),
  });
  console.log(`Spawnpoint web shell for station ${config.stationId} at ${shell.url}`);
  const stop = () => void shell.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof UsageError) {
    console.error(`${error.message}\n${USAGE}`);
    process.exit(2);
  }
  if (error instanceof ConfigError || error instanceof WebShellError) {
    console.error(error.message);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
