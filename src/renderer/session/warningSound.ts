/**
 * The time-warning sound: a short two-tone chime synthesised with Web Audio
 * (no asset to ship), played `times` times in a row. Audio failures are
 * ignored — a silent station still gets the TimeRemaining message.
 */
import { globalTimers, type Timers } from '../core/time/timers.js';

/** Gap between two plays of the chime. */
export const WARNING_SOUND_GAP_MS = 700;

export type PlayOnce = () => void;

function webAudioChime(): PlayOnce {
  let context: AudioContext | null = null;
  return () => {
    try {
      context ??= new AudioContext();
      const start = context.currentTime;
      for (const [offset, frequency] of [
        [0, 880],
        [0.18, 660],
      ] as const) {
        const oscillator = context.createOscillator();
        const gain = context.createGain();
        oscillator.frequency.value = frequency;
        gain.gain.setValueAtTime(0.25, start + offset);
        gain.gain.exponentialRampToValueAtTime(0.001, start + offset + 0.16);
        oscillator.connect(gain).connect(context.destination);
        oscillator.start(start + offset);
        oscillator.stop(start + offset + 0.17);
      }
    } catch {
      // No audio device, or audio not allowed: the warning still reaches the shell.
    }
  };
}

/** Plays the chime `times` times, WARNING_SOUND_GAP_MS apart. */
export function createWarningSound(playOnce: PlayOnce = webAudioChime(), timers: Timers = globalTimers) {
  return (times: number): void => {
    if (times <= 0) return;
    playOnce();
    for (let i = 1; i < times; i += 1) timers.setTimeout(playOnce, i * WARNING_SOUND_GAP_MS);
  };
}
