/**
 * Electron main process entry (SPEC §1: the station shell). Glue only: it
 * reads the station config, serves the built renderer under app://station
 * (with its Content-Security-Policy), opens the kiosk window on it and binds
 * the bridge router to IPC. Everything it uses is testable without Electron
 * except the glue files it imports (security/harden, window/kiosk-window,
 * bridge/ipc, renderer-files/protocol-handler).
 *
 * Flags: --windowed (a normal window, for development); --dry-run or
 * --system-actions (record OS actions, or really do them; the default is to
 * really do them only in the packaged app, so `npm start` on a developer's
 * machine never shuts it down); --nfc (read the PC/SC reader in a dry run;
 * system mode always does); plus the station config flags of
 * station/config.ts, which the packaged app refuses (it reads only the
 * machine's station.json).
 *
 * Trust (issue 9, 22): the packaged app starts only with the allowlisted
 * switches (security/launch-flags.ts) and has no devtools; downloads are refused; the
 * station enrols with its pairing code at start (station/enrolment.ts), its
 * credential goes to the renderer in HereTheData, and the cafe server's
 * certificate is pinned (security/certificate-pin.ts).
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, dialog, powerMonitor } from 'electron';
import type { BrowserWindow } from 'electron';
import { bindIpcBridge } from './bridge/ipc.js';
import { createStationBridge } from './bridge/station-bridge.js';
import type { StationBridge } from './bridge/station-bridge.js';
import { utilityWorkerSpawner } from './nfc/utility-worker.js';
import { APP_ENTRY_URL } from './renderer-files/app-scheme.js';
import { registerAppScheme, serveAppProtocol } from './renderer-files/protocol-handler.js';
import { contentSecurityPolicy } from './security/csp.js';
import { applySecurityPolicy } from './security/harden.js';
import { launchRefusal } from './security/launch-flags.js';
import { appLocation, endsCustomer } from './security/policy.js';
import { parseRendererMessage } from '../shared/bridge/protocol.js';
import type { ShellToRenderer } from '../shared/bridge/protocol.js';
import { ConfigError } from './station/config.js';
import type { StationConfig } from './station/config.js';
import { loadStationConfig } from './station/config-loader.js';
import { defaultDataDir } from './station/data-dir.js';
import { ensureStationCredential } from './station/enrolment.js';
import type { StationTrust } from './station/enrolment.js';
import { readFlags } from './station/flags.js';
import { readOsIdentity } from './station/identity.js';
import { createIdleWatch } from './window/idle-watch.js';
import { createKioskWindow } from './window/kiosk-window.js';

const mainDir = fileURLToPath(new URL('.', import.meta.url));
const PRELOAD_PATH = join(mainDir, '../preload/index.cjs');
const RENDERER_DIR = join(mainDir, '../renderer');
/** The PC/SC worker, a second entry of the main build (electron.vite.config.ts). */
const NFC_WORKER_PATH = join(mainDir, 'nfc-worker.js');

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

function fatal(message: string): void {
  void app.whenReady().then(() => {
    dialog.showErrorBox('Spawnpoint cannot start', message);
    app.exit(2);
  });
}

/** The station config and the renderer's Content-Security-Policy, which names the configured server. */
function loadConfig(argv: string[]): { config: StationConfig; csp: string } | null {
  try {
    const dataDir = defaultDataDir({
      platform: process.platform,
      isPackaged: app.isPackaged,
      env: process.env,
      userData: app.getPath('userData'),
    });
    const config = loadStationConfig({ argv, env: process.env, defaultDataDir: dataDir, machineOnly: app.isPackaged });
    return { config, csp: contentSecurityPolicy(config.serverUrl) };
  } catch (error) {
    fatal(error instanceof ConfigError ? error.message : `Unexpected error reading the config: ${String(error)}`);
    return null;
  }
}

interface StationFlags {
  windowed: boolean;
  dryRun: boolean;
  nfc: boolean;
}

function openStation(config: StationConfig, flags: StationFlags, trust: Promise<StationTrust>): BrowserWindow {
  // electron-vite sets ELECTRON_RENDERER_URL for its dev server; otherwise the built renderer.
  const devUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
  const entryUrl = devUrl ?? APP_ENTRY_URL;
  const location = appLocation(entryUrl);
  let pinned = config.serverUrl.startsWith('https:') ? (config.serverFingerprint ?? null) : null;
  void trust.then((settled) => (pinned = settled.pinnedFingerprint));
  const security = applySecurityPolicy(location, log, {
    serverUrl: config.serverUrl,
    pinnedFingerprint: () => pinned,
    noDevTools: app.isPackaged,
  });

  // A dry run starts no game: the kiosk then never steps back for one (the lock's keyboard is followed either way).
  const kiosk = createKioskWindow({
    windowed: flags.windowed,
    preloadPath: PRELOAD_PATH,
    devTools: !app.isPackaged,
    log,
    followGames: !flags.dryRun,
  });
  const win = kiosk.win;
  let station: StationBridge | null = null;
  let idle: { stop(): void } | null = null;
  bindIpcBridge({
    win,
    location,
    log,
    observe: (raw) => {
      kiosk.observeFromRenderer(raw);
      // Every logout: the Steam popups close and the customer's cookies and site data go (issue 22).
      const parsed = parseRendererMessage(raw);
      if (parsed.ok && endsCustomer(parsed.message)) void security.endCustomer();
    },
    createRouter: (emit) => {
      const toRenderer = (message: ShellToRenderer) => {
        kiosk.observeToRenderer(message);
        emit(message);
      };
      // SystemIdle / AdminLogout when nobody touched the PC for a while (window/idle-watch.ts).
      idle = createIdleWatch({ idleSeconds: () => powerMonitor.getSystemIdleTime(), state: kiosk.front, emit: toRenderer });
      station = createStationBridge({
        config,
        mode: flags.dryRun ? 'dry-run' : 'system',
        platform: process.platform,
        emit: toRenderer,
        log,
        stationCredential: () => trust.then((settled) => settled.stationCredential),
        pinnedFingerprint: () => trust.then((settled) => settled.pinnedFingerprint),
        ...(flags.nfc ? { nfcWorker: utilityWorkerSpawner(NFC_WORKER_PATH, log) } : {}),
      });
      return station.router;
    },
  });
  win.once('closed', () => {
    idle?.stop();
    void station?.close();
  });
  void win.loadURL(entryUrl).catch((error: unknown) =>
    log(`window: could not load the renderer: ${String(error)}`),
  );
  return win;
}

function main(): void {
  const refusal = launchRefusal(process.argv.slice(1), process.platform, app.isPackaged);
  if (refusal) {
    console.error(refusal);
    app.exit(2);
    return;
  }
  app.enableSandbox();
  registerAppScheme();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const argv = process.argv.slice(1);
  const loaded = loadConfig(argv);
  if (!loaded) return;
  const { config, csp } = loaded;
  const flags = readFlags(argv, { strings: [], booleans: ['windowed', 'dry-run', 'system-actions', 'nfc'] }).booleans;
  const dryRun = flags.has('dry-run') || (!app.isPackaged && !flags.has('system-actions'));
  let win: BrowserWindow | null = null;

  app.on('second-instance', () => {
    if (!win) return;
    if (win.isMinimized()) win.restore();
    win.focus();
  });
  app.on('window-all-closed', () => app.quit());
  void app.whenReady().then(() => {
    log(
      `Spawnpoint station ${config.stationId}, server ${config.serverUrl}, data in ${config.dataDir}` +
        (dryRun ? ', OS actions recorded only (dry run)' : ''),
    );
    serveAppProtocol({ rendererDir: RENDERER_DIR, csp, log });
    const trust = ensureStationCredential({ config, log, identity: readOsIdentity });
    win = openStation(config, { windowed: flags.has('windowed'), dryRun, nfc: !dryRun || flags.has('nfc') }, trust);
    win.on('closed', () => {
      win = null;
    });
  });
}

main();
