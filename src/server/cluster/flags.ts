/** The flags of `npm run cluster` (cli.ts). */
import { envValue, flagValue, parseIntFlag, tokenize, UsageError } from '../config/argv.js';

export const CLUSTER_USAGE = `Usage: npm run cluster -- [flags]
  --nodes N          server nodes behind the proxy (default 2, at most 16)
  --port N           the front door's port on 127.0.0.1 (default 4000, env SPAWNPOINT_PORT)
  --clock-speed N    run billing time N times faster on every node (default 1)
  --kiosk            also start station 1's kiosk (web shell) against the front door
  --web-port N       the web shell's port with --kiosk (default 4100, env SPAWNPOINT_WEB_PORT)
  --help             show this help`;

export interface ClusterFlags {
  nodes: number;
  port: number;
  webPort: number;
  clockSpeed: number;
  kiosk: boolean;
  help: boolean;
}

export function parseClusterFlags(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ClusterFlags {
  const parsed = tokenize(argv, {
    nodes: 'value',
    port: 'value',
    'web-port': 'value',
    'clock-speed': 'value',
    kiosk: 'boolean',
    help: 'boolean',
  });
  if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);
  const nodesText = flagValue(parsed, 'nodes');
  const portText = flagValue(parsed, 'port') ?? envValue(env, 'SPAWNPOINT_PORT');
  const webText = flagValue(parsed, 'web-port') ?? envValue(env, 'SPAWNPOINT_WEB_PORT');
  const speedText = flagValue(parsed, 'clock-speed');
  const clockSpeed = speedText === undefined ? 1 : Number(speedText);
  if (!Number.isFinite(clockSpeed) || clockSpeed <= 0 || clockSpeed > 100_000) {
    throw new UsageError(`--clock-speed must be a positive number up to 100000, got '${speedText}'`);
  }
  return {
    nodes: nodesText === undefined ? 2 : parseIntFlag('nodes', nodesText, 1, 16),
    port: portText === undefined ? 4000 : parseIntFlag('port', portText, 0, 65535),
    webPort: webText === undefined ? 4100 : parseIntFlag('web-port', webText, 0, 65535),
    clockSpeed,
    kiosk: parsed.flags.has('kiosk'),
    help: parsed.flags.has('help'),
  };
}
