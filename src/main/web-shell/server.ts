/**
 * The web shell: the station's bridge router on a loopback WebSocket, next
 * to the built renderer served over HTTP on the same port, so the renderer
 * runs in a plain browser. OS actions, launches and NFC go to the dry-run
 * adapters; their records are served to tests under /__shell/ when the
 * shell runs with test hooks. Before it listens, the station enrols with its
 * pairing code if it has no stored credential (station/enrolment.ts); the
 * renderer gets the credential in HereTheData.
 */
import { stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { WEB_BRIDGE_PATH } from '../../shared/bridge/protocol.js';
import { createStationBridge } from '../bridge/station-bridge.js';
import { errorText } from '../bridge/describe.js';
import { createActionRecorder } from '../dry-run/recorder.js';
import { nodeWorkerSpawner } from '../nfc/node-worker.js';
import type { ActionRecord } from '../dry-run/recorder.js';
import { ConfigError, validateStationSettings } from '../station/config.js';
import { ensureStationCredential } from '../station/enrolment.js';
import type { StationTrust } from '../station/enrolment.js';
import { readOsIdentity } from '../station/identity.js';
import type { OsIdentity } from '../station/identity.js';
import { createBridgeSocketServer, rejectUpgrade } from './bridge-socket.js';
import { mayUseTestHooks } from './request-guard.js';
import { serveStatic } from './static-files.js';
import { TEST_HOOK_PREFIX, handleTestHook } from './test-hooks.js';

export interface WebShellOptions {
  serverUrl: string;
  stationId: string;
  /** Overrides the OS's MAC address (several stations on one machine). */
  macAddress?: string;
  /** Overrides the OS's PC name. */
  pcName?: string;
  /** The built renderer (must contain index.html), e.g. out/renderer. */
  rendererDir: string;
  /** 0 (the default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Where dry-run screenshots would go; default .data/web-shell. */
  dataDir?: string;
  /** Defaults to the OS identity. */
  readIdentity?: () => OsIdentity;
  /** Default: lines on stderr. */
  log?: (line: string) => void;
  /** Read NFC cards from the real PC/SC reader (a worker process) instead of the dry run. */
  nfc?: boolean;
  /** Serve the /__shell/ test hooks (--test-hooks); off by default. */
  testHooks?: boolean;
  /** Exchanged for a station credential when none is stored in dataDir. */
  pairingCode?: string;
  /** The cafe server's certificate fingerprint (https) required at enrolment. */
  serverFingerprint?: string;
}

export interface WebShell {
  /** http://HOST:PORT */
  url: string;
  close(): Promise<void>;
  /** What the dry-run adapters recorded, oldest first. */
  actions(): ActionRecord[];
  /** How enrolment went at start. */
  trust: StationTrust;
}

export class WebShellError extends Error {
  override readonly name = 'WebShellError';
}

async function checkRendererDir(dir: string): Promise<void> {
  const index = await stat(join(dir, 'index.html')).catch(() => null);
  if (!index?.isFile()) {
    throw new WebShellError(`The renderer is not built: ${join(dir, 'index.html')} is missing. Run \`npm run build\` first.`);
  }
}

function urlOf(host: string, port: number): string {
  return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
}

export async function startWebShell(options: WebShellOptions): Promise<WebShell> {
  const settings = validateStationSettings(
    {
      serverUrl: options.serverUrl,
      stationId: options.stationId,
      macAddress: options.macAddress,
      pcName: options.pcName,
      pairingCode: options.pairingCode,
      serverFingerprint: options.serverFingerprint,
    },
    'given to startWebShell',
  );
  if (!settings.serverUrl || !settings.stationId) throw new ConfigError('startWebShell needs serverUrl and stationId');
  const rendererDir = resolve(options.rendererDir);
  await checkRendererDir(rendererDir);
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? ((line: string) => process.stderr.write(`[web-shell] ${line}\n`));

  const config = {
    ...settings,
    serverUrl: settings.serverUrl,
    stationId: settings.stationId,
    dataDir: resolve(options.dataDir ?? '.data/web-shell'),
  };
  const readIdentity = options.readIdentity ?? readOsIdentity;
  const trust = await ensureStationCredential({ config, log, identity: readIdentity });

  const recorder = createActionRecorder();
  const sockets = createBridgeSocketServer(log);
  const station = createStationBridge({
    config,
    mode: 'dry-run',
    platform: process.platform,
    emit: (message) => void sockets.broadcast(message),
    log,
    recorder,
    readIdentity,
    stationCredential: () => Promise.resolve(trust.stationCredential),
    pinnedFingerprint: () => Promise.resolve(trust.pinnedFingerprint),
    ...(options.nfc ? { nfcWorker: nodeWorkerSpawner(log) } : {}),
  });
  sockets.attach(station.router);

  let ownOrigin = '';
  const onRequest = async (req: IncomingMessage, res: ServerResponse) => {
    if ((req.url ?? '').startsWith(TEST_HOOK_PREFIX)) {
      if (!options.testHooks) {
        res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":"no test hooks: the web shell runs without --test-hooks"}');
        return;
      }
      const guard = { remoteAddress: req.socket.remoteAddress, host: req.headers.host, origin: req.headers.origin };
      if (!mayUseTestHooks(guard, ownOrigin)) {
        log(`test hooks: refused ${req.method ?? ''} ${TEST_HOOK_PREFIX}… from ${req.socket.remoteAddress ?? '?'} (origin ${req.headers.origin ?? 'none'})`);
        res
          .writeHead(403, { 'Content-Type': 'application/json' })
          .end('{"error":"test hooks answer only loopback requests from the web shell\'s own origin"}');
        return;
      }
      return handleTestHook(req, res, { recorder, broadcast: sockets.broadcast, apps: station.apps });
    }
    return serveStatic(rendererDir, req, res);
  };
  const server = createServer((req, res) => {
    onRequest(req, res).catch((error: unknown) => {
      log(`http: ${req.method ?? ''} ${req.url ?? ''} failed: ${errorText(error)}`);
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    if ((req.url ?? '').split('?', 1)[0] !== WEB_BRIDGE_PATH) return rejectUpgrade(socket, '404 Not Found');
    sockets.upgrade(req, socket, head);
  });

  await new Promise<void>((resolveListen, rejectListen) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      rejectListen(
        new WebShellError(
          error.code === 'EADDRINUSE'
            ? `Port ${options.port ?? 0} on ${host} is already in use; pick another with --port.`
            : `Cannot listen on ${host}:${options.port ?? 0}: ${error.message}`,
        ),
      ),
    );
    server.listen(options.port ?? 0, host, () => resolveListen());
  });
  const { port } = server.address() as AddressInfo;
  ownOrigin = urlOf(host, port);

  return {
    url: urlOf(host, port),
    actions: () => recorder.list(),
    trust,
    close: () =>
      new Promise<void>((resolveClose) => {
        void station.close();
        sockets.close();
        server.closeAllConnections();
        server.close(() => resolveClose());
      }),
  };
}
