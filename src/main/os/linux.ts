/**
 * Linux adapter. Desktops differ, so GUI actions try a short list of
 * programs and use the first one that is installed; values are single argv
 * elements.
 */
import { mkdir } from 'node:fs/promises';
import { OsActionError, assertPcName, assertVolume, screenshotPath } from './actions.js';
import type { OsActions } from './actions.js';
import { isMissingProgram } from './command-runner.js';
import type { CommandRunner, RunOptions } from './command-runner.js';

export interface LinuxOsOptions {
  run: CommandRunner;
  screenshotDir: string;
  now?: () => Date;
  ensureDir?: (dir: string) => Promise<unknown>;
}

type Command = readonly [file: string, args: readonly string[]];

/** Runs the first candidate whose program exists. */
async function runFirstAvailable(run: CommandRunner, what: string, candidates: Command[], options?: RunOptions) {
  for (const [file, args] of candidates) {
    try {
      await run(file, args, options);
      return;
    } catch (error) {
      if (!isMissingProgram(error)) throw error;
    }
  }
  throw new OsActionError(`cannot ${what}: none of ${candidates.map(([file]) => file).join(', ')} is installed`);
}

export function createLinuxOsActions(options: LinuxOsOptions): OsActions {
  const { run, screenshotDir, now = () => new Date() } = options;
  const ensureDir = options.ensureDir ?? ((dir: string) => mkdir(dir, { recursive: true }));
  const open = (what: string, candidates: Command[]) => runFirstAvailable(run, what, candidates, { detached: true });

  return {
    shutdown: () => run('systemctl', ['poweroff']),
    restart: () => run('systemctl', ['reboot']),
    openTaskManager: () =>
      open('open a task manager', [
        ['gnome-system-monitor', []],
        ['plasma-systemmonitor', []],
        ['xfce4-taskmanager', []],
      ]),
    setVolume: async (percent) => {
      assertVolume(percent);
      await runFirstAvailable(run, 'set the volume', [
        ['pactl', ['set-sink-volume', '@DEFAULT_SINK@', `${percent}%`]],
        ['amixer', ['-q', 'sset', 'Master', `${percent}%`]],
      ]);
    },
    openSoundSettings: () =>
      open('open sound settings', [
        ['gnome-control-center', ['sound']],
        ['pavucontrol', []],
      ]),
    openSoundMixer: () =>
      open('open the sound mixer', [
        ['pavucontrol', []],
        ['gnome-control-center', ['sound']],
      ]),
    openMouseSettings: () =>
      open('open mouse settings', [
        ['gnome-control-center', ['mouse']],
        ['kcmshell6', ['kcm_mouse']],
      ]),
    screenshot: async () => {
      const path = screenshotPath(screenshotDir, now());
      await ensureDir(screenshotDir);
      await runFirstAvailable(run, 'take a screenshot', [
        ['gnome-screenshot', ['-f', path]],
        ['grim', [path]],
        ['import', ['-window', 'root', path]],
      ]);
      return path;
    },
    renamePc: async (name) => {
      assertPcName(name);
      await run('hostnamectl', ['set-hostname', name]);
    },
  };
}
