/**
 * Windows adapter. Programs are addressed by absolute path under %SystemRoot%
 * (Windows would otherwise look in the working directory first); values go
 * to PowerShell through the environment, never into the script text.
 */
import { mkdir } from 'node:fs/promises';
import { win32 } from 'node:path';
import { assertPcName, assertVolume, screenshotPath } from './actions.js';
import type { OsActions } from './actions.js';
import type { CommandRunner } from './command-runner.js';
import { RENAME_SCRIPT, SCREENSHOT_SCRIPT, SET_VOLUME_SCRIPT, encodePowerShell } from './windows-scripts.js';

export interface WindowsOsOptions {
  run: CommandRunner;
  screenshotDir: string;
  /** %SystemRoot%, e.g. C:\Windows. */
  systemRoot?: string;
  now?: () => Date;
  ensureDir?: (dir: string) => Promise<unknown>;
}

export function createWindowsOsActions(options: WindowsOsOptions): OsActions {
  const { run, screenshotDir, now = () => new Date() } = options;
  const ensureDir = options.ensureDir ?? ((dir: string) => mkdir(dir, { recursive: true }));
  const root = options.systemRoot ?? 'C:\\Windows';
  const system32 = (program: string) => win32.join(root, 'System32', program);
  const powershell = (script: string, env: Record<string, string>) =>
    run(
      system32('WindowsPowerShell\\v1.0\\powershell.exe'),
      ['-NoProfile', '-NonInteractive', '-EncodedCommand', encodePowerShell(script)],
      { env },
    );
  const open = (file: string, args: string[] = []) => run(file, args, { detached: true });

  return {
    shutdown: () => run(system32('shutdown.exe'), ['/s', '/t', '0']),
    restart: () => run(system32('shutdown.exe'), ['/r', '/t', '0']),
    openTaskManager: () => open(system32('taskmgr.exe')),
    setVolume: async (percent) => {
      assertVolume(percent);
      await powershell(SET_VOLUME_SCRIPT, { SPAWNPOINT_VOLUME: String(percent) });
    },
    openSoundSettings: () => open(win32.join(root, 'explorer.exe'), ['ms-settings:sound']),
    openSoundMixer: () => open(system32('SndVol.exe')),
    openMouseSettings: () => open(system32('control.exe'), ['main.cpl']),
    screenshot: async () => {
      const path = screenshotPath(screenshotDir, now());
      await ensureDir(screenshotDir);
      await powershell(SCREENSHOT_SCRIPT, { SPAWNPOINT_SCREENSHOT_PATH: path });
      return path;
    },
    renamePc: async (name) => {
      assertPcName(name);
      await powershell(RENAME_SCRIPT, { SPAWNPOINT_NEW_NAME: name });
    },
  };
}
