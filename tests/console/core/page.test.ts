/**
 * The chime after a reload (issue 23): browsers keep a page's sound suspended until a person interacts
 * with it. The console says so (a "Turn on sound" button) and the first click or key press anywhere
 * brings the sound back for the rest of the shift.
 */
import { describe, expect, it } from 'vitest';
import { browserPage, type ChimeAudio } from '../../../src/console/core/page.js';

class FakeAudio {
  state = 'suspended';
  currentTime = 0;
  destination = {} as AudioNode;
  started: number[] = [];
  allowed = false;
  onstatechange: (() => void) | null = null;
  async resume() {
    if (!this.allowed) return;
    this.state = 'running';
    this.onstatechange?.();
  }
  createOscillator() {
    const osc = { frequency: { value: 0 }, connect: () => ({ connect: () => undefined }), start: () => this.started.push(osc.frequency.value), stop: () => undefined };
    return osc as unknown as OscillatorNode;
  }
  createGain() {
    return { gain: { value: 0 } } as unknown as GainNode;
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the chime', () => {
  it('after a reload says the browser keeps it silent, and the first click anywhere turns it on', async () => {
    const audio = new FakeAudio();
    const page = browserPage(document, () => 'Console', () => audio as unknown as ChimeAudio);
    expect(page.sound.getState().blocked).toBe(true);
    // The browser says no until a person acts: a chime asks, and it stays blocked.
    page.chime();
    await settle();
    expect(page.sound.getState().blocked).toBe(true);
    // A person clicks somewhere in the console: the browser now allows the page's sound.
    audio.allowed = true;
    window.dispatchEvent(new Event('pointerdown'));
    await settle();
    expect(audio.state).toBe('running');
    expect(page.sound.getState().blocked).toBe(false);
    page.chime();
    expect(audio.started).toEqual([660, 880, 660, 880]);
  });

  it('the "Turn on sound" button asks for it directly', async () => {
    const audio = new FakeAudio();
    audio.allowed = true;
    const page = browserPage(document, () => 'Console', () => audio as unknown as ChimeAudio);
    expect(page.sound.getState().blocked).toBe(true);
    page.enableSound();
    await settle();
    expect(page.sound.getState().blocked).toBe(false);
  });

  it('a browser with no Web Audio is quiet and never shows the button', () => {
    const page = browserPage(document, () => 'Console', () => null);
    expect(page.sound.getState().blocked).toBe(false);
    expect(() => page.chime()).not.toThrow();
  });

  it('counts what waits in the tab title', () => {
    const page = browserPage(document, () => 'Console', () => null);
    page.setWaiting(3);
    expect(document.title).toBe('(3) Console');
    page.setWaiting(0);
    expect(document.title).toBe('Console');
  });
});
