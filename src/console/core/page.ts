/**
 * The browser tab: its title with what waits in the inbox, and a short tone when something new arrives.
 *
 * The chime after a reload (issue 23). Browsers let a page make sound only after a person has
 * interacted with it (Chrome's and Firefox's autoplay policy: an AudioContext made before a click or a
 * key stays "suspended"). A reloaded console restores its session without a click, so it cannot chime
 * by itself until someone touches it. What the console does within that rule:
 * - ONE AudioContext for the page, resumed by the first pointer or key press anywhere (staff click the
 *   console all shift long: the sound is back with their first click, whatever they click);
 * - while it is still suspended, `sound.blocked` is true and the header shows a "Turn on sound" button,
 *   so nobody believes the desk would ring when it cannot; the tab title still counts what waits;
 * - a desk PC that must ring from a cold start can allow it for the console's address in the browser
 *   (Chrome: Site settings → Sound → Allow; or the kiosk-style flag --autoplay-policy=no-user-gesture-required),
 *   and then the context starts running and the button never shows (docs/console.md).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';

export interface SoundState {
  /** The browser has not let this page make sound yet (no click or key press since the load). */
  blocked: boolean;
}

export interface Page {
  /** "(3) Spawnpoint console" while 3 things wait; the plain title at 0. */
  setWaiting(count: number): void;
  /** Writes the title again (the language changed). */
  retitle(): void;
  chime(): void;
  /** Whether the chime can sound now. */
  readonly sound: StoreApi<SoundState>;
  /** Asks the browser for sound (from a click: the "Turn on sound" button). */
  enableSound(): void;
}

/** The part of Web Audio the chime uses (a fake in tests). */
export interface ChimeAudio {
  readonly state: string;
  readonly currentTime: number;
  readonly destination: AudioNode;
  resume(): Promise<void>;
  createOscillator(): OscillatorNode;
  createGain(): GainNode;
  onstatechange: ((this: BaseAudioContext, ev: Event) => unknown) | null;
}

export function browserPage(doc: Document, baseTitle: () => string, makeAudio: () => ChimeAudio | null = defaultAudio): Page {
  let waiting = 0;
  const sound = createStore<SoundState>(() => ({ blocked: false }));
  let audio: ChimeAudio | null = null;
  const follow = () => sound.setState({ blocked: audio !== null && audio.state !== 'running' });
  const ensure = (): ChimeAudio | null => {
    if (audio) return audio;
    try {
      audio = makeAudio();
    } catch {
      audio = null;
    }
    if (audio) audio.onstatechange = follow;
    follow();
    return audio;
  };
  const unlock = () => {
    const context = ensure();
    if (context && context.state !== 'running') void context.resume().then(follow, follow);
  };
  // The first interaction anywhere unlocks the sound for the rest of the page's life.
  const view = doc.defaultView;
  const onGesture = () => {
    unlock();
    if (audio?.state === 'running') for (const type of ['pointerdown', 'keydown'] as const) view?.removeEventListener(type, onGesture, true);
  };
  for (const type of ['pointerdown', 'keydown'] as const) view?.addEventListener(type, onGesture, true);
  ensure();

  const retitle = () => {
    doc.title = waiting > 0 ? `(${waiting}) ${baseTitle()}` : baseTitle();
  };
  return {
    setWaiting(count) {
      waiting = count;
      retitle();
    },
    retitle,
    sound,
    enableSound: unlock,
    /** Two notes (Web Audio); silent where there is no audio or the browser does not allow it yet. */
    chime() {
      const context = ensure();
      if (!context) return;
      try {
        if (context.state !== 'running') void context.resume().then(follow, follow);
        for (const [i, freq] of [660, 880].entries()) {
          const osc = context.createOscillator();
          const gain = context.createGain();
          osc.frequency.value = freq;
          gain.gain.value = 0.08;
          osc.connect(gain).connect(context.destination);
          osc.start(context.currentTime + i * 0.15);
          osc.stop(context.currentTime + i * 0.15 + 0.12);
        }
      } catch {
        // no audio here
      }
    },
  };
}

function defaultAudio(): ChimeAudio | null {
  const Context = (globalThis as { AudioContext?: new () => ChimeAudio }).AudioContext;
  return Context ? new Context() : null;
}
