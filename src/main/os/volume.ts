/**
 * SPEC §7 SystemVolumeChanged: the OS's master volume, read by polling (the
 * keyboard's volume keys, the tray slider and games change it behind the
 * kiosk's back), reported to the renderer whenever it differs from the last
 * value the renderer was told. One reader per platform; each runs a fixed
 * argument array and parses the output.
 */
import { win32 } from 'node:path';
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import type { OutputRunner } from './command-runner.js';
import { isMissingProgram } from './command-runner.js';
import { GET_VOLUME_SCRIPT, encodePowerShell } from './windows-scripts.js';

/** Resolves with the volume 0–100, or null when it cannot be read here. */
export type VolumeReader = () => Promise<number | null>;

const clampPercent = (value: number) => Math.max(0, Math.min(100, Math.round(value)));

/** "Volume: front-left: 32768 /  50% / -18.06 dB, front-right: …" → 50 */
export function parsePactlVolume(output: string): number | null {
  const match = /(\d{1,3})%/.exec(output);
  return match ? clampPercent(Number(match[1])) : null;
}

/** amixer's "Front Left: Playback 32768 [50%] [on]" → 50 */
export function parseAmixerVolume(output: string): number | null {
  const match = /\[(\d{1,3})%\]/.exec(output);
  return match ? clampPercent(Number(match[1])) : null;
}

export function parsePowerShellVolume(output: string): number | null {
  const text = output.trim();
  return /^\d{1,3}$/.test(text) ? clampPercent(Number(text)) : null;
}

export function linuxVolumeReader(output: OutputRunner): VolumeReader {
  return async () => {
    try {
      return parsePactlVolume(await output('pactl', ['get-sink-volume', '@DEFAULT_SINK@']));
    } catch (error) {
      if (!isMissingProgram(error)) throw error;
    }
    try {
      return parseAmixerVolume(await output('amixer', ['get', 'Master']));
    } catch (error) {
      if (isMissingProgram(error)) return null;
      throw error;
    }
  };
}

export function windowsVolumeReader(output: OutputRunner, systemRoot = 'C:\\Windows'): VolumeReader {
  const powershell = win32.join(systemRoot, 'System32', 'WindowsPowerShell\\v1.0\\powershell.exe');
  const args = ['-NoProfile', '-NonInteractive', '-EncodedCommand', encodePowerShell(GET_VOLUME_SCRIPT)];
  return async () => parsePowerShellVolume(await output(powershell, args));
}

export interface VolumeWatchOptions {
  read: VolumeReader;
  emit: (message: ShellToRenderer) => void;
  log: (line: string) => void;
  pollMs?: number;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (id: unknown) => void;
}

export interface VolumeWatch {
  /** The renderer set this volume itself (it was told with the reply): no report for it. */
  note(volume: number): void;
  /** One reading now (the poll calls this). */
  check(): Promise<void>;
  stop(): void;
}

export const VOLUME_POLL_MS = 2_000;

export function watchVolume(options: VolumeWatchOptions): VolumeWatch {
  const { read, emit, log } = options;
  const set = options.setInterval ?? ((callback, ms) => setInterval(callback, ms));
  const clear = options.clearInterval ?? ((id) => clearInterval(id as NodeJS.Timeout));
  let last: number | null = null;
  let failed = false;
  let busy = false;
  const check = async () => {
    if (busy) return;
    busy = true;
    try {
      const volume = await read();
      failed = false;
      if (volume === null || volume === last) return;
      last = volume;
      emit({ command: 'SystemVolumeChanged', volume });
    } catch (error) {
      if (!failed) log(`volume: cannot read the system volume: ${error instanceof Error ? error.message : String(error)}`);
      failed = true;
    } finally {
      busy = false;
    }
  };
  const id = set(() => void check(), options.pollMs ?? VOLUME_POLL_MS);
  return {
    note: (volume) => {
      last = volume;
    },
    check,
    stop: () => clear(id),
  };
}
