/**
 * Issue 27, a kiosk that costs a game nothing: is anyone looking at the
 * kiosk? While a customer plays, the shell steps the window back (minimized:
 * the page is hidden) and the kiosk is in the background. Then only what the
 * SPEC needs keeps waking it — the heartbeat (20 s), the minute updates of the
 * session time, the balance and other socket events, reconnects, play
 * tracking, the time warnings — and everything that only redraws the screen
 * (the seconds of the session clock, CSS animations) waits until the kiosk is
 * seen again, when it catches up at once.
 *
 * `isBackground` is the policy (pure); `activity` follows the page (visibility,
 * focus) and the shell (games launched and closed); `useInBackground` is what a
 * component's ticking reads (useNow stops on it).
 */
import { useSyncExternalStore } from 'react';

export interface ActivityInputs {
  /** The page is hidden (the window minimized, or covered by the game). */
  hidden: boolean;
  /** The window has the keyboard focus. */
  focused: boolean;
  /** Games the shell has said are running (AppLaunched minus AppClosed). */
  gamesRunning: number;
}

/** Background: nobody can see the kiosk — hidden, or a game running in front of it. */
export function isBackground(inputs: ActivityInputs): boolean {
  return inputs.hidden || (inputs.gamesRunning > 0 && !inputs.focused);
}

type ActivityWindow = Pick<Window, 'addEventListener' | 'removeEventListener'> & {
  document: Pick<Document, 'visibilityState' | 'hasFocus' | 'addEventListener' | 'removeEventListener'> & {
    documentElement?: { dataset: DOMStringMap };
  };
};

/** What the activity hears from the shell: games launched and closed. */
export interface ActivityBridge {
  on(command: 'AppLaunched' | 'AppClosed', handler: (message: { JsonID: string }) => void): () => void;
}

export class Activity {
  private inputs: ActivityInputs = { hidden: false, focused: true, gamesRunning: 0 };
  private readonly running = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private background = false;

  /** True while nobody can see the kiosk (see isBackground). */
  readonly isBackground = (): boolean => this.background;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Change some inputs; listeners hear a change of background only. */
  update(next: Partial<ActivityInputs>): void {
    this.inputs = { ...this.inputs, ...next };
    const background = isBackground(this.inputs);
    if (background === this.background) return;
    this.background = background;
    for (const listener of [...this.listeners]) listener();
  }

  /** The shell's AppLaunched / AppClosed. */
  gameLaunched(jsonId: string): void {
    this.running.add(jsonId);
    this.update({ gamesRunning: this.running.size });
  }

  gameClosed(jsonId: string): void {
    this.running.delete(jsonId);
    this.update({ gamesRunning: this.running.size });
  }

  /**
   * Follow the page and the shell; the root element carries
   * `data-background` while in the background (base.css pauses CSS
   * animations with it). Returns detach.
   */
  attach(win: ActivityWindow, bridge?: ActivityBridge): () => void {
    const doc = win.document;
    const read = () => this.update({ hidden: doc.visibilityState === 'hidden', focused: doc.hasFocus() });
    const mark = () => {
      const dataset = doc.documentElement?.dataset;
      if (!dataset) return;
      if (this.background) dataset.background = '';
      else delete dataset.background;
    };
    const unmark = this.subscribe(mark);
    doc.addEventListener('visibilitychange', read);
    win.addEventListener('focus', read);
    win.addEventListener('blur', read);
    const offs = bridge
      ? [bridge.on('AppLaunched', (m) => this.gameLaunched(m.JsonID)), bridge.on('AppClosed', (m) => this.gameClosed(m.JsonID))]
      : [];
    read();
    mark();
    return () => {
      doc.removeEventListener('visibilitychange', read);
      win.removeEventListener('focus', read);
      win.removeEventListener('blur', read);
      for (const off of offs) off();
      unmark();
      this.running.clear();
      this.update({ hidden: false, focused: true, gamesRunning: 0 });
      mark();
    };
  }
}

/** The renderer's one activity (app/features.ts attaches it when the app starts). */
export const activity = new Activity();

/** True while the kiosk is in the background; a component's ticking stops on it. */
export function useInBackground(source: Activity = activity): boolean {
  return useSyncExternalStore(source.subscribe, source.isBackground, source.isBackground);
}
