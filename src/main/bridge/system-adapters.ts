/**
 * The adapters of a station that acts on its machine: the platform's OS
 * actions, the catalog launcher watching the process list, and the volume
 * watch. Windows and Linux have all three; another platform gets OS actions
 * that fail saying so and a launcher with no entries.
 */
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import { createCatalogLauncher } from '../launcher/catalog-launcher.js';
import { createUnconfiguredLauncher } from '../launcher/launcher.js';
import type { GameLauncher } from '../launcher/launcher.js';
import { linuxProcessLister, windowsProcessLister } from '../launcher/process-list.js';
import type { OsActions } from '../os/actions.js';
import { execFileOutput, execFileRunner } from '../os/command-runner.js';
import { createOsActions } from '../os/factory.js';
import { linuxVolumeReader, watchVolume, windowsVolumeReader } from '../os/volume.js';
import type { StationConfig } from '../station/config.js';

export interface SystemAdapterOptions {
  config: StationConfig;
  platform: NodeJS.Platform;
  emit: (message: ShellToRenderer) => void;
  log: (line: string) => void;
  screenshotDir: string;
  /** %SystemRoot%; default from the environment, else C:\Windows. */
  systemRoot?: string;
  /** A centre-account game that never started: the account is reported to the server. */
  onAccountLaunchFailed?: (failure: { accountId: string; jsonId: string; reason: string }) => void;
}

export interface SystemAdapters {
  os: OsActions;
  launcher: GameLauncher;
  volumeSet: (volume: number) => void;
  stop(): void;
}

export function createSystemAdapters(options: SystemAdapterOptions): SystemAdapters {
  const { config, platform, emit, log, screenshotDir } = options;
  const systemRoot = options.systemRoot ?? process.env['SystemRoot'] ?? 'C:\\Windows';
  const os = createOsActions({ mode: 'system', platform, screenshotDir, run: execFileRunner, systemRoot });
  if (platform !== 'win32' && platform !== 'linux') {
    return { os, launcher: createUnconfiguredLauncher(), volumeSet: () => undefined, stop: () => undefined };
  }
  const windows = platform === 'win32';
  const launcher = createCatalogLauncher({
    dataDir: config.dataDir,
    context: { platform, systemRoot },
    run: execFileRunner,
    listProcesses: windows ? windowsProcessLister(systemRoot) : linuxProcessLister(),
    emit,
    log,
    ...(options.onAccountLaunchFailed ? { onAccountLaunchFailed: options.onAccountLaunchFailed } : {}),
  });
  const volume = watchVolume({
    read: windows ? windowsVolumeReader(execFileOutput, systemRoot) : linuxVolumeReader(execFileOutput),
    emit,
    log,
    // PowerShell is slower to start than pactl.
    pollMs: windows ? 3_000 : 2_000,
  });
  return {
    os,
    launcher,
    volumeSet: (value) => volume.note(value),
    stop: () => {
      volume.stop();
      launcher.stop();
    },
  };
}
