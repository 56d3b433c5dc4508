/**
 * Wires the bridge router to this station: its config and identity, and the
 * adapters of the chosen mode. 'dry-run' records everything (OS actions,
 * launches, NFC switches, notifications) in one recorder; 'system' acts on
 * the machine.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import { createActionRecorder } from '../dry-run/recorder.js';
import type { ActionRecorder } from '../dry-run/recorder.js';
import { reportInstalledGames } from '../games/installed-report.js';
import { createRunningReporter } from '../games/running-report.js';
import { reportAccountLaunchFailed, withCentreAccounts } from '../launcher/centre-account.js';
import type { CentreAccountDeps } from '../launcher/centre-account.js';
import type { PostJson } from '../launcher/centre-account.js';
import { createDryRunLauncher } from '../launcher/dry-run.js';
import type { DryRunLauncher } from '../launcher/dry-run.js';
import type { GameLauncher } from '../launcher/launcher.js';
import { createPcscNfcReader } from '../nfc/pcsc-reader.js';
import type { SpawnWorker } from '../nfc/pcsc-reader.js';
import { cardTapMessage, createDryRunNfcReader, createMissingNfcReader } from '../nfc/reader.js';
import { createOsActions } from '../os/factory.js';
import type { OsMode } from '../os/factory.js';
import type { OsActions } from '../os/actions.js';
import { createScreenshotUploader, DRY_RUN_SCREEN } from '../screenshots/screenshot-upload.js';
import type { StationConfig } from '../station/config.js';
import { buildConnectionInfo } from '../station/connection-info.js';
import { readOsIdentity } from '../station/identity.js';
import type { OsIdentity } from '../station/identity.js';
import { createBridgeRouter } from './router.js';
import { createSystemAdapters } from './system-adapters.js';
import type { BridgeRouter, ShellNotification } from './router.js';

export interface StationBridgeOptions {
  config: StationConfig;
  mode: OsMode;
  platform: NodeJS.Platform;
  emit: (message: ShellToRenderer) => void;
  log: (line: string) => void;
  /** Read on every GimmeData, so a changed IP address is reported. */
  readIdentity?: () => OsIdentity;
  /** Dry-run only; one is created when omitted. */
  recorder?: ActionRecorder;
  /**
   * Starts the PC/SC worker: given, the real NFC reader is used in either
   * mode (the web shell's --nfc); omitted, dry-run records the switches and
   * system mode has no reader.
   */
  nfcWorker?: SpawnWorker;
  /** The station credential once the enrolment at start-up has settled; undefined when not enrolled. */
  stationCredential?: () => Promise<string | undefined>;
  /** The cafe server's pinned certificate fingerprint (https), once enrolment settled. */
  pinnedFingerprint?: () => Promise<string | null | undefined>;
  /** How the centre-account sign-in is fetched (tests); default node http(s). */
  postJson?: PostJson;
}

export interface StationBridge {
  router: BridgeRouter;
  /** What the dry-run adapters recorded; null in system mode. */
  recorder: ActionRecorder | null;
  /** Dry-run only: the games "running" and closing one of them (test hooks). */
  apps: Pick<DryRunLauncher, 'running' | 'close' | 'launch'> | null;
  /** Stops what runs in the background (the NFC worker). */
  close(): Promise<void>;
}

export function recordNotification(recorder: ActionRecorder, { command, ...details }: ShellNotification): void {
  recorder.record(`notify.${command}`, ...(Object.keys(details).length > 0 ? [details] : []));
}

export function createStationBridge(options: StationBridgeOptions): StationBridge {
  const { config, mode, platform, log, readIdentity = readOsIdentity } = options;
  const screenshotDir = join(config.dataDir, 'screenshots');
  const credential = options.stationCredential ?? (() => Promise.resolve(undefined));
  // The server hears which games this station sees running (AppLaunched / AppClosed): only that time earns XP.
  const runningReport = createRunningReporter({
    serverUrl: config.serverUrl,
    stationId: config.stationId,
    credential,
    log,
    pinnedFingerprint: options.pinnedFingerprint ?? (() => Promise.resolve(config.serverFingerprint ?? null)),
    ...(options.postJson ? { post: options.postJson } : {}),
  });
  const emit = (message: ShellToRenderer) => {
    runningReport.observe(message);
    options.emit(message);
  };
  const connectionInfo = async () => buildConnectionInfo(config, readIdentity(), await credential());
  const nfcWorker = options.nfcWorker;
  // A Launch naming a centre account gets its sign-in from the server, as this station.
  const accountDeps: CentreAccountDeps = {
    serverUrl: config.serverUrl,
    credential,
    pinnedFingerprint: options.pinnedFingerprint ?? (() => Promise.resolve(config.serverFingerprint ?? null)),
    log,
    ...(options.postJson ? { post: options.postJson } : {}),
  };
  const centreAccounts = (launcher: GameLauncher) => withCentreAccounts(launcher, accountDeps);
  // A screenshot staff asked for (issue 24): the OS's capture (the file it wrote), uploaded as this station;
  // a dry run records the capture and sends its placeholder image.
  const screenshots = (os: OsActions, dryRun = false) =>
    createScreenshotUploader({
      serverUrl: config.serverUrl,
      credential,
      pinnedFingerprint: options.pinnedFingerprint ?? (() => Promise.resolve(config.serverFingerprint ?? null)),
      log,
      capture: async () => {
        const path = await os.screenshot();
        return { path, bytes: dryRun ? DRY_RUN_SCREEN : await readFile(path) };
      },
    });
  const realNfc = nfcWorker
    ? createPcscNfcReader({ spawnWorker: nfcWorker, log, onCard: (cardUid) => emit(cardTapMessage(cardUid)) })
    : null;
  if (mode === 'system') {
    // The server offers this station what its catalog says is installed: at start, and
    // again when the cafe's catalogue changed (GamesUpdated), so new entries it lists are taken.
    const reportInstalled = () =>
      void reportInstalledGames({
        serverUrl: config.serverUrl,
        stationId: config.stationId,
        dataDir: config.dataDir,
        credential,
        log,
        ...(options.pinnedFingerprint ? { pinnedFingerprint: options.pinnedFingerprint } : {}),
        ...(options.postJson ? { post: options.postJson } : {}),
      });
    reportInstalled();
    const nfc = realNfc ?? createMissingNfcReader();
    const system = createSystemAdapters({
      config,
      platform,
      emit,
      log,
      screenshotDir,
      onAccountLaunchFailed: (failure) => void reportAccountLaunchFailed(accountDeps, failure),
    });
    const router = createBridgeRouter({
      os: system.os,
      connectionInfo,
      emit,
      log,
      launcher: centreAccounts(system.launcher),
      nfc,
      volumeSet: system.volumeSet,
      screenshots: screenshots(system.os),
      notify: (notification) => {
        if (notification.command === 'GamesUpdated') reportInstalled();
      },
    });
    return {
      router,
      recorder: null,
      apps: null,
      close: async () => {
        runningReport.stop();
        system.stop();
        await nfc.disable();
      },
    };
  }
  const recorder = options.recorder ?? createActionRecorder();
  const apps = createDryRunLauncher({ recorder, emit });
  const dryOs = createOsActions({ mode, platform, screenshotDir, recorder });
  const router = createBridgeRouter({
    os: dryOs,
    screenshots: screenshots(dryOs, true),
    connectionInfo,
    emit,
    log,
    launcher: centreAccounts(apps),
    nfc: realNfc ?? createDryRunNfcReader(recorder),
    notify: (notification) => recordNotification(recorder, notification),
  });
  return {
    router,
    recorder,
    apps,
    close: async () => {
      runningReport.stop();
      await realNfc?.disable();
    },
  };
}
