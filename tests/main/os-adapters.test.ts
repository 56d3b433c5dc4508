import { describe, expect, it } from 'vitest';
import { createActionRecorder } from '../../src/main/dry-run/recorder.js';
import type { OsActions } from '../../src/main/os/actions.js';
import type { CommandRunner, RunOptions } from '../../src/main/os/command-runner.js';
import { execFileRunner } from '../../src/main/os/command-runner.js';
import { createDryRunOsActions } from '../../src/main/os/dry-run.js';
import { createOsActions } from '../../src/main/os/factory.js';
import { createLinuxOsActions } from '../../src/main/os/linux.js';
import { createWindowsOsActions } from '../../src/main/os/windows.js';
import { RENAME_SCRIPT, SCREENSHOT_SCRIPT, SET_VOLUME_SCRIPT } from '../../src/main/os/windows-scripts.js';

type Call = [file: string, args: readonly string[], options?: RunOptions];

/** A runner that records; programs in `missing` fail like a program that is not installed. */
function fakeRunner(missing: string[] = []) {
  const calls: Call[] = [];
  const run: CommandRunner = async (file, args, options) => {
    calls.push(options ? [file, [...args], options] : [file, [...args]]);
    if (missing.includes(file)) throw Object.assign(new Error(`spawn ${file} ENOENT`), { code: 'ENOENT' });
  };
  return { run, calls };
}

const NOW = () => new Date('2025-03-04T05:06:07.089Z');
const noDir = async () => {};
const SHOT = '/data/shots/screenshot-2025-03-04T05-06-07-089Z.png';
const MALICIOUS_NAMES = ['; rm -rf /', 'PC$(reboot)', 'a&b', 'PC`id`', '"PC"', 'PC|x', '', 'ABCDEFGHIJKLMNOP', 'PC\nX'];

function decode(encoded: string): string {
  return Buffer.from(encoded, 'base64').toString('utf16le');
}

describe('Windows adapter', () => {
  const ROOT = 'C:\\Windows';
  const PS = 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe';
  const make = () => {
    const runner = fakeRunner();
    const os = createWindowsOsActions({ run: runner.run, screenshotDir: '/data/shots', systemRoot: ROOT, now: NOW, ensureDir: noDir });
    return { os, calls: runner.calls };
  };

  it.each<[keyof OsActions, Call]>([
    ['shutdown', ['C:\\Windows\\System32\\shutdown.exe', ['/s', '/t', '0']]],
    ['restart', ['C:\\Windows\\System32\\shutdown.exe', ['/r', '/t', '0']]],
    ['openTaskManager', ['C:\\Windows\\System32\\taskmgr.exe', [], { detached: true }]],
    ['openSoundSettings', ['C:\\Windows\\explorer.exe', ['ms-settings:sound'], { detached: true }]],
    ['openSoundMixer', ['C:\\Windows\\System32\\SndVol.exe', [], { detached: true }]],
    ['openMouseSettings', ['C:\\Windows\\System32\\control.exe', ['main.cpl'], { detached: true }]],
  ])('%s runs exactly %j', async (action, expected) => {
    const { os, calls } = make();
    await (os[action] as () => Promise<unknown>)();
    expect(calls).toEqual([expected]);
  });

  it('sets the volume with a fixed PowerShell script; the value travels in the environment', async () => {
    const { os, calls } = make();
    await os.setVolume(42);
    expect(calls).toHaveLength(1);
    const [file, args, options] = calls[0]!;
    expect(file).toBe(PS);
    expect(args.slice(0, 3)).toEqual(['-NoProfile', '-NonInteractive', '-EncodedCommand']);
    expect(decode(args[3]!)).toBe(SET_VOLUME_SCRIPT);
    expect(options).toEqual({ env: { SPAWNPOINT_VOLUME: '42' } });
  });

  it('takes a screenshot to a path under the screenshot dir', async () => {
    const { os, calls } = make();
    await expect(os.screenshot()).resolves.toBe(SHOT);
    expect(decode(calls[0]![1][3]!)).toBe(SCREENSHOT_SCRIPT);
    expect(calls[0]![2]).toEqual({ env: { SPAWNPOINT_SCREENSHOT_PATH: SHOT } });
  });

  it('renames the PC with the name in the environment only, never in the script', async () => {
    const { os, calls } = make();
    await os.renamePc('PC-12');
    expect(decode(calls[0]![1][3]!)).toBe(RENAME_SCRIPT);
    expect(RENAME_SCRIPT).not.toContain('PC-12');
    expect(calls[0]![2]).toEqual({ env: { SPAWNPOINT_NEW_NAME: 'PC-12' } });
  });

  it.each(MALICIOUS_NAMES)('rejects the PC name %j without running anything', async (name) => {
    const { os, calls } = make();
    await expect(os.renamePc(name)).rejects.toThrow(/PC name must be/);
    expect(calls).toEqual([]);
  });

  it.each([-1, 101, 50.5, Number.NaN])('rejects volume %s without running anything', async (volume) => {
    const { os, calls } = make();
    await expect(os.setVolume(volume)).rejects.toThrow(/volume must be an integer/);
    expect(calls).toEqual([]);
  });

  it('the scripts re-check their input', () => {
    expect(SET_VOLUME_SCRIPT).toContain("-notmatch '^(100|[1-9]?[0-9])$'");
    expect(RENAME_SCRIPT).toContain("-notmatch '^[A-Za-z0-9-]{1,15}$'");
  });
});

describe('Linux adapter', () => {
  const make = (missing: string[] = []) => {
    const runner = fakeRunner(missing);
    const os = createLinuxOsActions({ run: runner.run, screenshotDir: '/data/shots', now: NOW, ensureDir: noDir });
    return { os, calls: runner.calls };
  };

  it.each<[keyof OsActions, Call]>([
    ['shutdown', ['systemctl', ['poweroff']]],
    ['restart', ['systemctl', ['reboot']]],
    ['openTaskManager', ['gnome-system-monitor', [], { detached: true }]],
    ['openSoundSettings', ['gnome-control-center', ['sound'], { detached: true }]],
    ['openSoundMixer', ['pavucontrol', [], { detached: true }]],
    ['openMouseSettings', ['gnome-control-center', ['mouse'], { detached: true }]],
  ])('%s runs exactly %j', async (action, expected) => {
    const { os, calls } = make();
    await (os[action] as () => Promise<unknown>)();
    expect(calls).toEqual([expected]);
  });

  it('sets the volume with pactl, falling back to amixer', async () => {
    const first = make();
    await first.os.setVolume(75);
    expect(first.calls).toEqual([['pactl', ['set-sink-volume', '@DEFAULT_SINK@', '75%']]]);
    const fallback = make(['pactl']);
    await fallback.os.setVolume(0);
    expect(fallback.calls).toEqual([
      ['pactl', ['set-sink-volume', '@DEFAULT_SINK@', '0%']],
      ['amixer', ['-q', 'sset', 'Master', '0%']],
    ]);
  });

  it('takes a screenshot, passing the path as one argument', async () => {
    const { os, calls } = make(['gnome-screenshot']);
    await expect(os.screenshot()).resolves.toBe(SHOT);
    expect(calls).toEqual([
      ['gnome-screenshot', ['-f', SHOT]],
      ['grim', [SHOT]],
    ]);
  });

  it('says which programs are missing when none is installed', async () => {
    const { os } = make(['gnome-system-monitor', 'plasma-systemmonitor', 'xfce4-taskmanager']);
    await expect(os.openTaskManager()).rejects.toThrow(
      'cannot open a task manager: none of gnome-system-monitor, plasma-systemmonitor, xfce4-taskmanager is installed',
    );
  });

  it('does not try the next program when one fails for another reason', async () => {
    const calls: string[] = [];
    const run: CommandRunner = async (file) => {
      calls.push(file);
      throw new Error('pactl failed: connection refused');
    };
    const os = createLinuxOsActions({ run, screenshotDir: '/d', ensureDir: noDir });
    await expect(os.setVolume(5)).rejects.toThrow('connection refused');
    expect(calls).toEqual(['pactl']);
  });

  it('renames with hostnamectl, the name as a single argument', async () => {
    const { os, calls } = make();
    await os.renamePc('PC-3');
    expect(calls).toEqual([['hostnamectl', ['set-hostname', 'PC-3']]]);
  });

  it.each(MALICIOUS_NAMES)('rejects the PC name %j without running anything', async (name) => {
    const { os, calls } = make();
    await expect(os.renamePc(name)).rejects.toThrow(/PC name must be/);
    expect(calls).toEqual([]);
  });
});

describe('execFileRunner', () => {
  it('passes arguments verbatim, with no shell to interpret them', async () => {
    const marker = `/tmp/spawnpoint-never-${process.pid}`;
    // If a shell saw this argument it would create the marker file.
    const hostile = `x; touch ${marker}`;
    await execFileRunner(process.execPath, ['-e', 'if (process.argv[1] !== process.env.EXPECTED) process.exit(3)', hostile], {
      env: { EXPECTED: hostile },
    });
    const { existsSync } = await import('node:fs');
    expect(existsSync(marker)).toBe(false);
  });

  it('rejects with the program missing as ENOENT', async () => {
    await expect(execFileRunner('spawnpoint-no-such-program', [])).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('rejects when the program fails', async () => {
    await expect(execFileRunner(process.execPath, ['-e', 'process.exit(4)'])).rejects.toThrow(/failed/);
  });
});

describe('dry-run adapter and factory', () => {
  it('records each call with its arguments and time, checking input like the real adapters', async () => {
    const recorder = createActionRecorder(NOW);
    const os = createDryRunOsActions({ recorder, screenshotDir: '/data/shots', now: NOW });
    await os.setVolume(20);
    await os.shutdown();
    await expect(os.screenshot()).resolves.toBe(SHOT);
    await expect(os.renamePc('; rm -rf /')).rejects.toThrow();
    await expect(os.setVolume(101)).rejects.toThrow();
    expect(recorder.list()).toEqual([
      { action: 'os.setVolume', args: [20], at: '2025-03-04T05:06:07.089Z' },
      { action: 'os.shutdown', args: [], at: '2025-03-04T05:06:07.089Z' },
      { action: 'os.screenshot', args: [SHOT], at: '2025-03-04T05:06:07.089Z' },
    ]);
  });

  it('picks the adapter by mode and platform', async () => {
    const recorder = createActionRecorder();
    const runner = fakeRunner();
    await createOsActions({ mode: 'dry-run', platform: 'win32', screenshotDir: '/d', recorder, run: runner.run }).restart();
    expect(recorder.list().map((r) => r.action)).toEqual(['os.restart']);
    expect(runner.calls).toEqual([]);

    await createOsActions({ mode: 'system', platform: 'linux', screenshotDir: '/d', run: runner.run }).restart();
    await createOsActions({ mode: 'system', platform: 'win32', screenshotDir: '/d', run: runner.run, systemRoot: 'D:\\Win' }).restart();
    expect(runner.calls).toEqual([
      ['systemctl', ['reboot']],
      ['D:\\Win\\System32\\shutdown.exe', ['/r', '/t', '0']],
    ]);
  });

  it('fails each action clearly on a platform without an adapter', async () => {
    const os = createOsActions({ mode: 'system', platform: 'darwin', screenshotDir: '/d', run: fakeRunner().run });
    await expect(os.shutdown()).rejects.toThrow('OS actions are not supported on darwin');
  });

  it('refuses dry-run without a recorder', () => {
    expect(() => createOsActions({ mode: 'dry-run', platform: 'linux', screenshotDir: '/d' })).toThrow(/recorder/);
  });
});
