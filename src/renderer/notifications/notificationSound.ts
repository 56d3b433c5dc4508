/**
 * The notification sound (SPEC §9: volume 0.3): one soft synthesised ping
 * with Web Audio, so there is no asset to ship. Audio failures are ignored.
 */
import { NOTIFICATION_SOUND_VOLUME } from '../../shared/constants.js';

export function createNotificationSound(volume: number = NOTIFICATION_SOUND_VOLUME): () => void {
  let context: AudioContext | null = null;
  return () => {
    try {
      context ??= new AudioContext();
      const start = context.currentTime;
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.setValueAtTime(988, start);
      oscillator.frequency.setValueAtTime(1319, start + 0.09);
      gain.gain.setValueAtTime(volume, start);
      gain.gain.exponentialRampToValueAtTime(0.001, start + 0.3);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(start);
      oscillator.stop(start + 0.31);
    } catch {
      // No audio device, or audio not allowed yet: the toast still shows.
    }
  };
}
