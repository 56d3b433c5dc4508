/**
 * SystemVolumeChanged: each platform's reader runs a fixed argument array and
 * parses its output; the watch reports a changed OS volume once, and not the
 * volume the renderer set itself.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ShellToRenderer } from '../../src/shared/bridge/protocol.js';
import { createBridgeRouter } from '../../src/main/bridge/router.js';
import { createActionRecorder } from '../../src/main/dry-run/recorder.js';
import { createDryRunOsActions } from '../../src/main/os/dry-run.js';
import {
  linuxVolumeReader,
  parseAmixerVolume,
  parsePactlVolume,
  parsePowerShellVolume,
  watchVolume,
  windowsVolumeReader,
} from '../../src/main/os/volume.js';
import { GET_VOLUME_SCRIPT, encodePowerShell } from '../../src/main/os/windows-scripts.js';

const enoent = () => Object.assign(new Error('spawn ENOENT'), { code: 'ENOENT' });

describe('readers', () => {
  it('Linux: pactl on the default sink', async () => {
    const calls: unknown[][] = [];
    const read = linuxVolumeReader(async (file, args) => {
      calls.push([file, args]);
      return 'Volume: front-left: 42598 /  65% / -11.23 dB,   front-right: 42598 /  65% / -11.23 dB\n        balance 0.00\n';
    });
    expect(await read()).toBe(65);
    expect(calls).toEqual([['pactl', ['get-sink-volume', '@DEFAULT_SINK@']]]);
  });

  it('Linux: amixer when pactl is missing, null when neither is', async () => {
    const calls: unknown[][] = [];
    const read = linuxVolumeReader(async (file, args) => {
      calls.push([file, args]);
      if (file === 'pactl') throw enoent();
      return "Simple mixer control 'Master',0\n  Front Left: Playback 26214 [40%] [on]\n";
    });
    expect(await read()).toBe(40);
    expect(calls).toEqual([
      ['pactl', ['get-sink-volume', '@DEFAULT_SINK@']],
      ['amixer', ['get', 'Master']],
    ]);
    const none = linuxVolumeReader(async () => {
      throw enoent();
    });
    expect(await none()).toBeNull();
  });

  it('Windows: a fixed PowerShell script by absolute path', async () => {
    const calls: unknown[][] = [];
    const read = windowsVolumeReader(async (file, args) => {
      calls.push([file, args]);
      return '37\r\n';
    }, 'D:\\Win');
    expect(await read()).toBe(37);
    expect(calls).toEqual([
      [
        'D:\\Win\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
        ['-NoProfile', '-NonInteractive', '-EncodedCommand', encodePowerShell(GET_VOLUME_SCRIPT)],
      ],
    ]);
  });

  it.each([
    [parsePactlVolume, 'Volume: mono: 65536 / 100% / 0.00 dB', 100],
    [parsePactlVolume, 'Volume: front-left: 98304 / 150% / 10.57 dB', 100],
    [parsePactlVolume, 'Connection failure', null],
    [parseAmixerVolume, 'Mono: Playback 0 [0%] [-65.25dB] [off]', 0],
    [parseAmixerVolume, 'no brackets 50%', null],
    [parsePowerShellVolume, ' 7 ', 7],
    [parsePowerShellVolume, 'Exception calling "Get"', null],
  ] as const)('%o parses %j → %j', (parse, output, volume) => {
    expect(parse(output)).toBe(volume);
  });
});

describe('watch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reports the first reading and each change once; a failing reader is logged once', async () => {
    const emitted: ShellToRenderer[] = [];
    const lines: string[] = [];
    let volume: number | Error = 50;
    const watch = watchVolume({
      read: async () => {
        if (volume instanceof Error) throw volume;
        return volume;
      },
      emit: (m) => emitted.push(m),
      log: (l) => lines.push(l),
      pollMs: 1_000,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.advanceTimersByTimeAsync(1_000);
    volume = 20;
    await vi.advanceTimersByTimeAsync(1_000);
    volume = new Error('pactl failed');
    await vi.advanceTimersByTimeAsync(3_000);
    volume = 20;
    await vi.advanceTimersByTimeAsync(1_000);
    expect(emitted).toEqual([
      { command: 'SystemVolumeChanged', volume: 50 },
      { command: 'SystemVolumeChanged', volume: 20 },
    ]);
    expect(lines).toEqual(['volume: cannot read the system volume: pactl failed']);
    watch.stop();
    volume = 90;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(emitted).toHaveLength(2);
  });

  it('does not report again the volume the renderer set (the router answered it already)', async () => {
    const emitted: ShellToRenderer[] = [];
    let osVolume = 50;
    const watch = watchVolume({ read: async () => osVolume, emit: (m) => emitted.push(m), log: () => {}, pollMs: 1_000 });
    await watch.check();
    const router = createBridgeRouter({
      os: createDryRunOsActions({ recorder: createActionRecorder(), screenshotDir: '/tmp' }),
      connectionInfo: () => {
        throw new Error('unused');
      },
      emit: (m) => emitted.push(m),
      log: () => {},
      volumeSet: (v) => watch.note(v),
    });
    await router.handle({ command: 'SystemSoundVolume', volume: '80' });
    osVolume = 80;
    await watch.check();
    osVolume = 30; // the volume keys
    await watch.check();
    expect(emitted).toEqual([
      { command: 'SystemVolumeChanged', volume: 50 },
      { command: 'SystemVolumeChanged', volume: 80 },
      { command: 'SystemVolumeChanged', volume: 30 },
    ]);
    watch.stop();
  });
});
