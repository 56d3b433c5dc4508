/**
 * SPEC §2/§5/§7 side bar sound and mouse: the master volume (0–100, default
 * 75) sent to the shell as SystemSoundVolume with the volume as a string;
 * the shell's SystemVolumeChanged moves the slider (the bridge already drops
 * a message whose volume is missing or not a number); sound settings, the
 * mixer and the mouse settings are one command each.
 */
import { VOLUME_MAX, VOLUME_MIN } from '../../shared/constants.js';
import type { ShellBridge } from '../core/bridge/shellBridge.js';
import { useFrameStore, type FrameStore } from './frameStore.js';

/** A whole volume within 0–100; null for anything that is not a number. */
export function clampVolume(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.min(VOLUME_MAX, Math.max(VOLUME_MIN, Math.round(value)));
}

export class SoundService {
  private readonly store: FrameStore;
  private lastSent: number | null = null;

  constructor(
    private readonly bridge: Pick<ShellBridge, 'send' | 'on'>,
    store?: FrameStore,
  ) {
    this.store = store ?? useFrameStore;
  }

  /** Follow the shell's volume; returns stop. */
  attach(): () => void {
    return this.bridge.on('SystemVolumeChanged', ({ volume }) => {
      const value = clampVolume(volume);
      if (value === null) return;
      this.lastSent = value;
      this.store.setState({ volume: value });
    });
  }

  setVolume(value: number): void {
    const volume = clampVolume(value);
    if (volume === null) return;
    this.store.setState({ volume });
    if (volume === this.lastSent) return;
    this.lastSent = volume;
    this.bridge.send({ command: 'SystemSoundVolume', volume: String(volume) });
  }

  openSoundSettings(): void {
    this.bridge.send({ command: 'SystemSoundSettings' });
  }

  openMixer(): void {
    this.bridge.send({ command: 'SystemSoundMixer' });
  }

  openMouseSettings(): void {
    this.bridge.send({ command: 'SystemMouseSettings' });
  }
}
