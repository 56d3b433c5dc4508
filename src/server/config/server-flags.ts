/** Command-line flags and environment of `npx tsx src/server/main.ts`. */
import { MEMORY } from '../db/connection.js';
import { envValue, flagValue, parseIntFlag, tokenize, UsageError } from './argv.js';

/** The shortest token that may read /metrics and /health (a flag's rule, checked again by `observability/access.ts`). */
export const METRICS_TOKEN_MIN_LENGTH = 16;

export interface ServerFlags {
  port: number;
  host: string;
  dbPath: string;
  seed: 'demo' | undefined;
  rendererDir: string;
  consoleDir: string;
  clockSpeed: number;
  /** Where a fast clock's time starts (ms since the epoch); default: the process start. */
  clockOrigin: number | undefined;
  help: boolean;
  publicUrl: string | undefined;
  devOAuth: boolean;
  corsOrigins: string[];
  tls: { certFile?: string; keyFile?: string } | undefined;
  nodeId: string | undefined;
  metricsToken: string | undefined;
  trustProxy: string[];
  /** Told it is a demo: may listen beyond loopback with the demo's public secrets. */
  demo: boolean;
}

export const SERVER_USAGE = `Usage: npx tsx src/server/main.ts [flags]
  --port N            port to listen on (default 4000, env SPAWNPOINT_PORT; 0 picks a free port)
  --host HOST         interface to bind (default 127.0.0.1)
  --db PATH|URL       SQLite file (default .data/spawnpoint.sqlite), or a postgres://… URL (env SPAWNPOINT_DB)
  --memory            use an in-memory database instead of a file
  --seed demo         seed the demo cafe if the database is empty (its secrets are public: loopback only)
  --demo              this is a demo: listen beyond loopback even with demo accounts, cards or centre accounts
  --renderer-dir DIR  built renderer to serve (default out/renderer)
  --console-dir DIR   built operator console to serve at /console/ (default out/console)
  --clock-speed N     run billing time N times faster (default 1)
  --clock-origin T    with --clock-speed: the real instant (ISO time or ms) the fast clock starts from
                      (env SPAWNPOINT_CLOCK_ORIGIN; default the process start). Nodes of one cluster share it
  --public-url URL    where emailed links and QR codes point (env SPAWNPOINT_PUBLIC_URL;
                      default: the address the server listens on)
  --dev-oauth         turn on the development OAuth provider (anyone can type any email: demos only)
  --cors-origin LIST  operator page origins allowed besides the kiosk and loopback web shells
                      (comma separated; env SPAWNPOINT_CORS_ORIGINS)
  --tls               serve HTTPS/WSS with a certificate generated at first start (kept next to the db);
                      the default whenever --host is not a loopback address
  --insecure-http     beyond loopback, serve plain HTTP anyway (behind a proxy that terminates TLS)
  --tls-cert FILE     the cafe's own certificate (PEM; with --tls-key, implies --tls)
  --tls-key FILE      its private key (PEM)
  --node-id NAME      this node's name in logs and metrics (env SPAWNPOINT_NODE_ID; default the host name)
  --metrics-token T   lets a scraper or proxy read /metrics and /health with Authorization: Bearer T
                      (16+ characters; env SPAWNPOINT_METRICS_TOKEN — prefer the env: flags show in ps);
                      without it only an admin or staff token reads them
  --trust-proxy LIST  addresses or CIDR ranges of the proxies in front of this node (comma separated;
                      env SPAWNPOINT_TRUST_PROXY): their X-Forwarded-For names the caller, so per-address
                      limits and logs see the station rather than the proxy
  --help              show this help`;

export const DEFAULT_PORT = 4000;

/** Loopback addresses: plain HTTP and the demo's secrets stay there unless told otherwise. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}
export const DEFAULT_DB = '.data/spawnpoint.sqlite';

/** Throws UsageError with a one-line message on bad input. */
export function parseServerFlags(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ServerFlags {
  const parsed = tokenize(argv, {
    port: 'value',
    host: 'value',
    db: 'value',
    memory: 'boolean',
    seed: 'value',
    'renderer-dir': 'value',
    'console-dir': 'value',
    'clock-speed': 'value',
    'clock-origin': 'value',
    help: 'boolean',
    'public-url': 'value',
    'dev-oauth': 'boolean',
    'cors-origin': 'value',
    tls: 'boolean',
    'tls-cert': 'value',
    'tls-key': 'value',
    'node-id': 'value',
    'metrics-token': 'value',
    'trust-proxy': 'value',
    demo: 'boolean',
    'insecure-http': 'boolean',
  });
  if (parsed.positionals.length > 0) throw new UsageError(`unexpected argument '${parsed.positionals[0]}'`);

  const portText = flagValue(parsed, 'port') ?? envValue(env, 'SPAWNPOINT_PORT');
  const port = portText === undefined ? DEFAULT_PORT : parseIntFlag('port', portText, 0, 65535);

  const memory = parsed.flags.has('memory');
  const dbFlag = flagValue(parsed, 'db');
  if (memory && dbFlag) throw new UsageError('use either --db or --memory, not both');
  const dbPath = memory ? MEMORY : (dbFlag ?? envValue(env, 'SPAWNPOINT_DB') ?? DEFAULT_DB);

  const seed = flagValue(parsed, 'seed');
  if (seed !== undefined && seed !== 'demo') throw new UsageError(`--seed only knows 'demo', got '${seed}'`);

  const speedText = flagValue(parsed, 'clock-speed');
  const clockSpeed = speedText === undefined ? 1 : Number(speedText);
  if (!Number.isFinite(clockSpeed) || clockSpeed <= 0 || clockSpeed > 100_000) {
    throw new UsageError(`--clock-speed must be a positive number up to 100000, got '${speedText}'`);
  }

  const originText = flagValue(parsed, 'clock-origin') ?? envValue(env, 'SPAWNPOINT_CLOCK_ORIGIN');
  const clockOrigin = originText === undefined ? undefined : /^\d+$/.test(originText) ? Number(originText) : Date.parse(originText);
  if (clockOrigin !== undefined && !Number.isFinite(clockOrigin)) {
    throw new UsageError(`--clock-origin takes an ISO time or milliseconds since 1970, got '${originText}'`);
  }

  const host = flagValue(parsed, 'host') ?? '127.0.0.1';
  if (!host.trim()) throw new UsageError('--host cannot be empty');

  const publicUrl = flagValue(parsed, 'public-url') ?? envValue(env, 'SPAWNPOINT_PUBLIC_URL');
  if (publicUrl !== undefined) {
    let parsedUrl: URL | undefined;
    try {
      parsedUrl = new URL(publicUrl);
    } catch {
      parsedUrl = undefined;
    }
    if (!parsedUrl || !/^https?:$/.test(parsedUrl.protocol)) {
      throw new UsageError(`--public-url must be an http(s) URL, got '${publicUrl}'`);
    }
  }
  const corsText = flagValue(parsed, 'cors-origin') ?? envValue(env, 'SPAWNPOINT_CORS_ORIGINS') ?? '';
  const corsOrigins = corsText.split(',').map((o) => o.trim()).filter(Boolean);
  const certFile = flagValue(parsed, 'tls-cert');
  const keyFile = flagValue(parsed, 'tls-key');
  if (Boolean(certFile) !== Boolean(keyFile)) throw new UsageError('--tls-cert and --tls-key go together');
  const insecureHttp = parsed.flags.has('insecure-http');
  if (insecureHttp && (parsed.flags.has('tls') || certFile)) throw new UsageError('--insecure-http and --tls/--tls-cert contradict each other');
  // Encrypted by default (issue 22): beyond loopback the server speaks HTTPS/WSS unless told otherwise.
  const tls =
    parsed.flags.has('tls') || certFile || (!insecureHttp && !isLoopbackHost(flagValue(parsed, 'host') ?? '127.0.0.1'))
      ? { ...(certFile ? { certFile } : {}), ...(keyFile ? { keyFile } : {}) }
      : undefined;

  const nodeId = flagValue(parsed, 'node-id') ?? envValue(env, 'SPAWNPOINT_NODE_ID');
  if (nodeId !== undefined && !/^[A-Za-z0-9._-]{1,64}$/.test(nodeId)) {
    throw new UsageError('--node-id takes 1–64 letters, digits, dots, dashes or underscores');
  }
  const metricsToken = flagValue(parsed, 'metrics-token') ?? envValue(env, 'SPAWNPOINT_METRICS_TOKEN');
  if (metricsToken !== undefined && (metricsToken.length < METRICS_TOKEN_MIN_LENGTH || /\s/.test(metricsToken))) {
    throw new UsageError(`--metrics-token must be at least ${METRICS_TOKEN_MIN_LENGTH} characters, without spaces`);
  }

  const trustText = flagValue(parsed, 'trust-proxy') ?? envValue(env, 'SPAWNPOINT_TRUST_PROXY') ?? '';
  const trustProxy = trustText.split(',').map((a) => a.trim()).filter(Boolean);
  const notAddress = trustProxy.find((a) => !/^[0-9A-Fa-f.:]+(\/\d{1,3})?$/.test(a));
  if (notAddress !== undefined) throw new UsageError(`--trust-proxy takes IP addresses or CIDR ranges, got '${notAddress}'`);

  return {
    demo: parsed.flags.has('demo'),
    nodeId,
    trustProxy,
    metricsToken,
    publicUrl,
    devOAuth: parsed.flags.has('dev-oauth'),
    corsOrigins,
    tls,
    port,
    host,
    dbPath,
    seed,
    rendererDir: flagValue(parsed, 'renderer-dir') ?? 'out/renderer',
    consoleDir: flagValue(parsed, 'console-dir') ?? 'out/console',
    clockSpeed,
    clockOrigin,
    help: parsed.flags.has('help'),
  };
}
