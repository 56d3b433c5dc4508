/** SPEC §2/§5/§7 the master volume: default 75, sent as a string, following SystemVolumeChanged. */
import { beforeEach, describe, expect, it } from 'vitest';
import { INITIAL_FRAME_STATE, useFrameStore } from '../../../src/renderer/dashboard/frameStore.js';
import { clampVolume, SoundService } from '../../../src/renderer/dashboard/sound.js';
import { FakeBridge } from '../support/fakes.js';

describe('sound (SPEC §9 default volume 75, range 0–100)', () => {
  beforeEach(() => useFrameStore.setState({ ...INITIAL_FRAME_STATE }));

  it('starts at 75 and sends SystemSoundVolume with the volume as a string, once per value', () => {
    const bridge = new FakeBridge();
    const sound = new SoundService(bridge);
    expect(useFrameStore.getState().volume).toBe(75);
    sound.setVolume(40);
    sound.setVolume(40);
    sound.setVolume(140);
    expect(bridge.sent).toEqual([
      { command: 'SystemSoundVolume', volume: '40' },
      { command: 'SystemSoundVolume', volume: '100' },
    ]);
    expect(useFrameStore.getState().volume).toBe(100);
  });

  it("follows the shell's SystemVolumeChanged without sending it back", () => {
    const bridge = new FakeBridge();
    const sound = new SoundService(bridge);
    const off = sound.attach();
    bridge.receive({ command: 'SystemVolumeChanged', volume: 33 });
    expect(useFrameStore.getState().volume).toBe(33);
    sound.setVolume(33);
    expect(bridge.sent).toEqual([]);
    off();
    bridge.receive({ command: 'SystemVolumeChanged', volume: 10 });
    expect(useFrameStore.getState().volume).toBe(33);
  });

  it('sends the settings, the mixer and the mouse settings', () => {
    const bridge = new FakeBridge();
    const sound = new SoundService(bridge);
    sound.openSoundSettings();
    sound.openMixer();
    sound.openMouseSettings();
    expect(bridge.commands()).toEqual(['SystemSoundSettings', 'SystemSoundMixer', 'SystemMouseSettings']);
  });

  it('clamps and rounds; not a number is nothing', () => {
    expect(clampVolume(-5)).toBe(0);
    expect(clampVolume(49.6)).toBe(50);
    expect(clampVolume(Number.NaN)).toBeNull();
  });
});
