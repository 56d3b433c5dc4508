/**
 * The reference cafe server: fastify (HTTP API, static renderer) plus
 * socket.io (/events), over SQLite. `buildServer` wires it; `main.ts` runs it.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import type { AddressInfo } from 'node:net';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Server } from 'socket.io';
import { STAFF_NAMESPACE } from '../shared/socket/staff-events.js';
import { authDomain } from './auth/index.js';
import { AuthService } from './auth/service.js';
import { signInAtStation } from './auth/station-login.js';
import { createAuditSink } from './authority/audit.js';
import { createTokenService } from './authority/tokens.js';
import { catalogueDomain } from './catalogue/index.js';
import { soloCoordination, type Coordination } from './cluster/coordination.js';
import { systemClock, type Clock } from './clock/clock.js';
import type { Domain, LoginRateLimit, ServerContext } from './context.js';
import { MEMORY, migrateToLatest, openDatabase } from './db/connection.js';
import { dataDirOf, isPostgresUrl } from './db/dialect.js';
import type { Db } from './db/schema.js';
import { customersDomain } from './customers/index.js';
import { deskDomain } from './desk/index.js';
import { createInboxNotices } from './desk/inbox/service.js';
import { installConsole } from './desk/static.js';
import { loadSecretBox } from './crypto/secret-box.js';
import { gamesDomain } from './games/index.js';
import { gameAccountsDomain } from './game-accounts/index.js';
import { playTrackingDomain } from './play-tracking/index.js';
import { oauthDomain } from './oauth/index.js';
import { outboxDomain } from './outbox/index.js';
import { applyBodyLimits, DEFAULT_BODY_LIMIT } from './config/body-limits.js';
import { setupDomain } from './setup/index.js';
import { Budgets } from './http/budgets.js';
import { originCheck } from './http/cors.js';
import { installErrorHandler } from './http/errors.js';
import { defaultPublicUrl } from './http/public-url.js';
import { installSpa } from './http/spa.js';
import { loadOrCreateTls, type TlsMaterial } from './http/tls.js';
import { mediaDomain } from './media/index.js';
import { nfcCardsDomain } from './nfc-cards/index.js';
import { adaptersFor, signInProviders } from './oauth/providers.js';
import { signInSettingsFromEnv, steamOpenIdOf, type SignInSettings } from './oauth/settings.js';
import { observabilityDomain } from './observability/index.js';
import { metricsTokenCheck } from './observability/access.js';
import { requestId, withLogHygiene } from './observability/logging.js';
import { ServerMetrics } from './observability/metrics.js';
import { deliveryFromEnv } from './outbox/delivery.js';
import { offersDomain } from './offers/index.js';
import { prepaidDomain } from './prepaid/index.js';
import { pricingDomain } from './pricing/index.js';
import { reportsDomain } from './reports/index.js';
import { startLagProbe } from './realtime/adapter-lag.js';
import { createSocketServer, handleStationConnections, type EventsServer } from './realtime/io.js';
import { openStaffChannel } from './realtime/staff-channel.js';
import { createStationEvents } from './realtime/station-events.js';
import { rewardsDomain } from './rewards/index.js';
import { seedDemo } from './seed/demo.js';
import { serviceCallsDomain } from './service-calls/index.js';
import { startBillingLoop } from './sessions/billing-loop.js';
import { sessionsDomain } from './sessions/index.js';
import { SessionService } from './sessions/service.js';
import { shiftsDomain } from './shifts/index.js';
import { todayDomain } from './today/index.js';
import { walletDomain } from './wallet/index.js';
import { Wallet } from './wallet/service.js';
import { socialDomain } from './social/index.js';
import { staffDomain } from './staff/index.js';
import { HeartbeatLog } from './stations/heartbeats.js';
import { stationsDomain } from './stations/index.js';
import { screenshotsDomain } from './screenshots/index.js';
import { stationDoor, stationService } from './stations/service.js';
import type { SteamOpenIdConfig } from './oauth/steam-openid.js';
import { steamDomain } from './steam/index.js';
import { tiersDomain } from './tiers/index.js';
import { ensureProfileDefaults, syncLevels } from './tiers/defaults.js';
import { usersDomain } from './users/index.js';

export interface ServerOptions {
  /** SQLite file, ':memory:', or a postgres:// URL. */
  dbPath: string;
  seed?: 'demo';
  /** Default: generated once and kept in `jwt-secret` next to the db file (random for memory). */
  jwtSecret?: string;
  clock?: Clock;
  /** The built renderer to serve (skipped when it has no index.html). */
  rendererDir?: string;
  /** fastify logger options; false (quiet) by default. */
  logger?: FastifyServerOptions['logger'];
  loginRateLimit?: LoginRateLimit;
  /** Where emailed links and QR codes point (--public-url); default: the address the server listens on. */
  publicUrl?: string;
  /** The development OAuth provider (--dev-oauth): anyone can type any email on its page. Off by default. */
  devOAuth?: boolean;
  /** Operator origins allowed by CORS besides the kiosk and loopback web shells (--cors-origin). */
  corsOrigins?: string[];
  /** Serve HTTPS/WSS (--tls): the cafe's certificate files, or one generated and kept next to the database. */
  tls?: { certFile?: string; keyFile?: string };
  /** Multiplies every request budget (tests of other things relax them); default 1. */
  budgetScale?: number;
  /** Background video and logo folder; default env SPAWNPOINT_MEDIA_DIR. */
  mediaDir?: string;
  /** This node's name in logs and metrics (--node-id); default the host name. */
  nodeId?: string;
  /** Lets a scraper or proxy read /metrics and /health (--metrics-token, 16+ characters). */
  metricsToken?: string;
  /**
   * Addresses (or CIDR ranges) of the proxies in front of this node: a request
   * from one of them is taken to come from the address its X-Forwarded-For
   * names (Fastify's trustProxy), so per-address limits and logs see the
   * station, not the proxy. Nothing by default.
   */
  trustProxy?: string[];
  /** Steam's OpenID provider (issue 13); default Steam's own; with devOAuth the development provider. */
  steamOpenId?: SteamOpenIdConfig;
  /** Sign-in providers (issue 25); default: what the environment configures (oauth/settings.ts). */
  signIn?: SignInSettings;
  /** The built operator console to serve at /console/ (skipped when it has no index.html). */
  consoleDir?: string;
  /** Several nodes on one PostgreSQL database (tests shorten these): the dead-node sweep, the adapter lag probe. */
  cluster?: { sweepMs?: number; lagProbeMs?: number };
}

export const DEFAULT_LOGIN_RATE_LIMIT: LoginRateLimit = { max: 10, windowMs: 60_000 };

/** What the server-served pages need (the renderer's own CSP, plus the dev sign-in page's inline styles). */
const CONTENT_SECURITY_POLICY = {
  directives: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'http:', 'https:', 'data:', 'blob:'],
    mediaSrc: ["'self'", 'http:', 'https:', 'blob:'],
    connectSrc: ["'self'", 'http:', 'https:', 'ws:', 'wss:'],
    fontSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  },
};

export interface CafeServer {
  app: FastifyInstance;
  /** Prometheus metrics (served at /metrics to the operator credential). */
  metrics: ServerMetrics;
  /** What this node agrees on with the other nodes of the cafe (one node: itself). */
  coordination: Coordination;
  io: EventsServer;
  db: Db;
  clock: Clock;
  context: ServerContext;
  /** Whether the demo seed ran on this start. */
  seeded: boolean;
  /** Every HTTP route registered (`METHOD /path`, HEAD twins left out), in registration order. */
  routes: string[];
  /** Set once listening, e.g. http://127.0.0.1:4000. */
  url: string | undefined;
  listen(options: { port: number; host: string }): Promise<string>;
  close(): Promise<void>;
}

function persistentSecret(dbPath: string): string {
  if (dbPath === MEMORY) return randomBytes(32).toString('hex');
  const file = join(dataDirOf(dbPath), 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The domains, in registration order: each is one register function in its own folder. */
function domainsOf(
  options: ServerOptions,
  signIn: SignInSettings,
  wiring: { io: EventsServer; heartbeats: HeartbeatLog; metrics: ServerMetrics },
): Domain[] {
  const mediaDir = options.mediaDir ?? process.env.SPAWNPOINT_MEDIA_DIR;
  return [
    observabilityDomain({ metrics: wiring.metrics, isMetricsToken: metricsTokenCheck(options.metricsToken) }),
    stationsDomain({ heartbeats: wiring.heartbeats }),
    screenshotsDomain,
    authDomain,
    outboxDomain,
    oauthDomain,
    usersDomain,
    nfcCardsDomain,
    prepaidDomain,
    mediaDomain({ mediaDir, io: wiring.io }),
    offersDomain,
    serviceCallsDomain,
    sessionsDomain,
    socialDomain,
    gamesDomain,
    gameAccountsDomain,
    playTrackingDomain,
    rewardsDomain,
    tiersDomain,
    steamDomain({ dev: options.devOAuth === true, config: options.steamOpenId ?? steamOpenIdOf(signIn) }),
    staffDomain,
    deskDomain,
    customersDomain,
    shiftsDomain,
    todayDomain,
    walletDomain,
    catalogueDomain,
    pricingDomain,
    reportsDomain,
    setupDomain,
  ];
}

/** Fastify with the edge's plugins: request ids, log hygiene, CORS, cookies, helmet, the error handler. */
async function createHttp(options: ServerOptions, nodeId: string, tls: TlsMaterial | undefined) {
  const app = Fastify({
    logger: withLogHygiene(options.logger ?? false, nodeId),
    // Request ids: a safe incoming X-Request-Id (from the proxy) or a new UUID; echoed on every answer.
    requestIdHeader: false,
    genReqId: requestId,
    ...(options.trustProxy?.length ? { trustProxy: options.trustProxy } : {}),
    // Long path parameters reach the zod schemas (400 with a message) instead of a bare 414.
    routerOptions: { maxParamLength: 1000 },
    bodyLimit: DEFAULT_BODY_LIMIT,
    ...(tls ? { https: { cert: tls.cert, key: tls.key } } : {}),
  }) as unknown as FastifyInstance;
  const routes: string[] = [];
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  installErrorHandler(app);
  applyBodyLimits(app);
  let listenUrl: string | undefined;
  const publicUrl = () => (options.publicUrl ?? listenUrl ?? 'http://127.0.0.1').replace(/\/+$/, '');
  const allowedOrigin = originCheck(options.corsOrigins ?? [], () => (options.publicUrl ? new URL(publicUrl()).origin : undefined));
  // Stations call from their own origin (the web shell, app://station); other pages get no CORS headers.
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin ? allowedOrigin(origin) : false),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    // The kiosk loads media and thumbnails from here across origins.
    crossOriginResourcePolicy: { policy: 'cross-origin' },
    crossOriginEmbedderPolicy: false,
    // HSTS whenever the browser reaches the cafe over HTTPS: served here, or through a proxy that terminates TLS.
    hsts: tls || options.publicUrl?.startsWith('https:') ? { maxAge: 15552000 } : false,
  });
  return { app, routes, publicUrl, allowedOrigin, listenedAt: (url: string) => void (listenUrl = url) };
}

export async function buildServer(options: ServerOptions): Promise<CafeServer> {
  const clock = options.clock ?? systemClock();
  const db = openDatabase(options.dbPath);
  await migrateToLatest(db);
  await ensureProfileDefaults(db, clock);
  const secrets = loadSecretBox(options.dbPath);
  const seeded = options.seed === 'demo' ? await seedDemo(db, clock, secrets) : false;
  await syncLevels(db);
  const tls: TlsMaterial | undefined = options.tls
    ? await loadOrCreateTls({
        dataDir: options.dbPath === MEMORY ? join('.data', 'tls') : dataDirOf(options.dbPath),
        ...options.tls,
      })
    : undefined;
  const nodeId = options.nodeId ?? hostname();
  const { app, routes, publicUrl, allowedOrigin, listenedAt } = await createHttp(options, nodeId, tls);

  // Several nodes on one PostgreSQL database: periodic work runs once, connections and budgets are shared
  // (cluster/). SQLite is one node. (Loaded only then: a SQLite start does not pay for it.)
  const onPostgres = isPostgresUrl(options.dbPath);
  const coordination: Coordination = onPostgres
    ? await (await import('./cluster/postgres-coordination.js')).postgresCoordination(db, options.dbPath, nodeId, app.log, {
        beatMs: options.cluster?.sweepMs,
      })
    : soloCoordination(nodeId);
  const { io, nsp } = createSocketServer(app.server, {
    door: stationDoor(db, clock),
    allowedOrigin,
    warn: (details, message) => app.log.warn(details, message),
    stickyCookie: onPostgres,
    coordination,
  });
  // They share the realtime fabric too (an emit on one reaches a station on another).
  const cluster = onPostgres
    ? await (await import('./realtime/cluster.js')).joinCluster(io as unknown as Server, options.dbPath, app.log)
    : null;
  const events = createStationEvents(nsp, coordination);
  const tokens = createTokenService(options.jwtSecret ?? persistentSecret(options.dbPath));
  const inbox = createInboxNotices(db, app.log);
  const signIn = options.signIn ?? signInSettingsFromEnv();
  const sessions = new SessionService({ db, clock, events, log: app.log });
  const loginRateLimit = options.loginRateLimit ?? DEFAULT_LOGIN_RATE_LIMIT;
  const budgets = new Budgets(Date.now, options.budgetScale ?? 1, coordination.budgetStore);
  const staff = openStaffChannel(io, { db, tokens, clock, log: app.log, publicUrl });
  const context: ServerContext = {
    db,
    clock,
    tokens,
    events,
    sessions,
    stations: stationService({ db, clock, events }),
    wallet: new Wallet({ db, clock, sessions }),
    log: app.log,
    loginRateLimit,
    budgets,
    publicUrl,
    certificateFingerprint: tls?.fingerprint ?? null,
    oauthProvider: signInProviders({
      dev: options.devOAuth === true,
      adapters: adaptersFor(signIn, { db, clock }),
    }),
    audit: createAuditSink(db, clock, app.log),
    inbox,
    secrets,
    staff,
    auth: new AuthService({
      db,
      clock,
      budgets,
      publicUrl,
      sessions,
      staff,
      loginRateLimit,
      delivery: deliveryFromEnv(db, clock),
      signInAtStation: (user, station) => signInAtStation(context, user, station),
    }),
    coordination,
  };
  inbox.attach(context.staff);

  const metrics = new ServerMetrics(nodeId, {
    adapter: cluster !== null,
    stationsConnected: () => nsp.sockets.size,
    sessionsRunning: async () => {
      const row = await db
        .selectFrom('client_sessions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('ended_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  });
  const heartbeats = new HeartbeatLog(db, { onBatch: (size) => metrics.heartbeatBatchSize.observe(size) });
  for (const domain of domainsOf(options, signIn, { io, heartbeats, metrics })) await domain.register(app, context);
  await installConsole(app, options.consoleDir);
  await installSpa(app, options.rendererDir);
  handleStationConnections(io, context);
  // A node that stopped took its stations' sockets with it: presence and the room hear they are gone.
  coordination.onStationsLost((stationIds) => {
    for (const stationId of stationIds) events.connectionChanged(stationId, false);
  });
  // This node was taken for stopped and another took the station meanwhile: its socket here is not the station's any more.
  coordination.onStationTaken((_stationId, socketId) => nsp.sockets.get(socketId)?.disconnect(true));
  const stopLagProbe = cluster
    ? startLagProbe(io as unknown as Server, coordination.instance, (seconds) => metrics.adapterLagSeconds?.observe(seconds), options.cluster?.lagProbeMs)
    : () => undefined;

  const stopBilling = startBillingLoop(clock, context.sessions, app.log, () => metrics.billingTicks.inc(), coordination);
  app.addHook('preClose', async () => {
    stopBilling();
    context.staff.stop();
    stopLagProbe();
    // Close sockets here; io.close() would also close fastify's HTTP server. This node's only: through the adapter a
    // plain disconnectSockets would close every node's stations.
    io.of('/').local.disconnectSockets(true);
    nsp.local.disconnectSockets(true);
    io.of(STAFF_NAMESPACE).local.disconnectSockets(true);
    io.engine.close();
    await cluster?.close();
    await coordination.close();
  });
  app.addHook('onClose', async () => {
    await heartbeats.close();
    await db.destroy();
  });

  const server: CafeServer = {
    app,
    metrics,
    coordination,
    io,
    db,
    clock,
    context,
    seeded,
    routes,
    url: undefined,
    async listen({ port, host }) {
      await app.listen({ port, host });
      const address = app.server.address() as AddressInfo;
      const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      server.url = `${tls ? 'https' : 'http'}://${shownHost}:${address.port}`;
      listenedAt(defaultPublicUrl(tls ? 'https' : 'http', address));
      return server.url;
    },
    close: () => app.close(),
  };
  return server;
}
