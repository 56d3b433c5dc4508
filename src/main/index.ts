/**
 * Electron main process entry (SPEC §1: the station shell). Glue only: it
 * reads the station config, opens the kiosk window and binds the bridge
 * router to IPC. Everything it uses is testable without Electron except the
 * glue files it imports (security/harden, window/kiosk-window, bridge/ipc).
 *
 * Flags: --windowed (a normal window, for development); --dry-run or
 * --system-actions (record OS actions, or really do them; the default is to
 * really do them only in the packaged app, so `npm start` on a developer's
 * machine never shuts it down); plus the station config flags of
 * station/config.ts.
 */
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { app, dialog } from 'electron';
import type { BrowserWindow } from 'electron';
import { bindIpcBridge } from './bridge/ipc.js';
import { createStationBridge } from './bridge/station-bridge.js';
import { applySecurityPolicy } from './security/harden.js';
import { appLocation } from './security/policy.js';
import { ConfigError } from './station/config.js';
import type { StationConfig } from './station/config.js';
import { loadStationConfig } from './station/config-loader.js';
import { readFlags } from './station/flags.js';
import { createKioskWindow } from './window/kiosk-window.js';

const mainDir = fileURLToPath(new URL('.', import.meta.url));
const PRELOAD_PATH = join(mainDir, '../preload/index.cjs');
const RENDERER_INDEX = join(mainDir, '../renderer/index.html');

const log = (line: string) => console.log(`${new Date().toISOString()} ${line}`);

function fatal(message: string): void {
  void app.whenReady().then(() => {
    dialog.showErrorBox('Spawnpoint cannot start', message);
    app.exit(2);
  });
}

function loadConfig(argv: string[]): StationConfig | null {
  try {
    return loadStationConfig({ argv, env: process.env, defaultDataDir: app.getPath('userData') });
  } catch (error) {
    fatal(error instanceof ConfigError ? error.message : `Unexpected error reading the config: ${String(error)}`);
    return null;
  }
}

function openStation(config: StationConfig, flags: { windowed: boolean; dryRun: boolean }): BrowserWindow {
  // electron-vite sets ELECTRON_RENDERER_URL for its dev server; otherwise the built renderer.
  const devUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
  const entryUrl = devUrl ?? pathToFileURL(RENDERER_INDEX).href;
  const location = appLocation(entryUrl);
  applySecurityPolicy(location, log);

  const win = createKioskWindow({ windowed: flags.windowed, preloadPath: PRELOAD_PATH });
  bindIpcBridge({
    win,
    location,
    log,
    createRouter: (emit) =>
      createStationBridge({
        config,
        mode: flags.dryRun ? 'dry-run' : 'system',
        platform: process.platform,
        emit,
        log,
      }).router,
  });
  void (devUrl ? win.loadURL(devUrl) : win.loadFile(RENDERER_INDEX)).catch((error: unknown) =>
    log(`window: could not load the renderer: ${String(error)}`),
  );
  return win;
}

function main(): void {
  app.enableSandbox();
  if (!app.requestSingleInstanceLock()) {
    app.quit();
    return;
  }
  const argv = process.argv.slice(1);
  const config = loadConfig(argv);
  if (!config) return;
  const flags = readFlags(argv, { strings: [], booleans: ['windowed', 'dry-run', 'system-actions'] }).booleans;
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
    win = openStation(config, { windowed: flags.has('windowed'), dryRun });
    win.on('closed', () => {
      win = null;
    });
  });
}

main();
