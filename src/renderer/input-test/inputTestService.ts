/**
 * SPEC §2/§9 input test: keys pressed (blue) and released (lighter), the
 * mouse's left, right and middle buttons and the wheel; the last 5 events of
 * each list are kept, and 'Recent Events' shows up to 10 of them, newest first.
 */
import { RECENT_INPUT_EVENTS_KEPT, RECENT_INPUT_EVENTS_SHOWN } from '../../shared/constants.js';
import {
  INITIAL_INPUT_TEST_STATE,
  useInputTestStore,
  type InputEvent,
  type InputTestState,
  type InputTestStore,
  type MouseInput,
} from './inputTestStore.js';

const MOUSE_BUTTONS: Record<number, MouseInput> = { 0: 'left', 1: 'middle', 2: 'right' };

/** Mouse button number (MouseEvent.button) → the tester's input; null for the others (back/forward are blocked, §2). */
export function mouseButton(button: number): MouseInput | null {
  return MOUSE_BUTTONS[button] ?? null;
}

/** 'Recent Events': both lists, newest first, at most RECENT_INPUT_EVENTS_SHOWN. */
export function recentEvents(state: Pick<InputTestState, 'keyEvents' | 'mouseEvents'>): InputEvent[] {
  return [...state.keyEvents, ...state.mouseEvents].sort((a, b) => b.id - a.id).slice(0, RECENT_INPUT_EVENTS_SHOWN);
}

const without = (list: readonly string[], item: string) => list.filter((x) => x !== item);

export class InputTestService {
  private readonly store: InputTestStore;
  private sequence = 0;

  constructor(store?: InputTestStore) {
    this.store = store ?? useInputTestStore;
  }

  keyDown(code: string, label: string): void {
    const { pressed } = this.store.getState();
    if (pressed.includes(code)) return; // auto-repeat
    this.store.setState((s) => ({ pressed: [...s.pressed, code], released: without(s.released, code) }));
    this.record('keyboard', label, 'down');
  }

  keyUp(code: string, label: string): void {
    this.store.setState((s) => ({ pressed: without(s.pressed, code), released: [...without(s.released, code), code] }));
    this.record('keyboard', label, 'up');
  }

  mouseDown(button: number): void {
    const input = mouseButton(button);
    if (!input || this.store.getState().buttons.includes(input)) return;
    this.store.setState((s) => ({ buttons: [...s.buttons, input] }));
    this.record('mouse', input, 'down');
  }

  mouseUp(button: number): void {
    const input = mouseButton(button);
    if (!input || !this.store.getState().buttons.includes(input)) return;
    this.store.setState((s) => ({ buttons: s.buttons.filter((b) => b !== input) }));
    this.record('mouse', input, 'up');
  }

  /** A wheel turn: negative deltaY scrolls up. */
  wheel(deltaY: number): void {
    if (deltaY === 0) return;
    const input = deltaY < 0 ? 'scrollUp' : 'scrollDown';
    this.store.setState({ lastScroll: input });
    // A wheel turn has no down and up: it is listed as 'Scroll up' or 'Scroll down'.
    this.record('mouse', input, 'scroll');
  }

  /** The page lost focus: nothing is held any more. */
  releaseAll(): void {
    this.store.setState((s) => ({ pressed: [], released: [...new Set([...s.released, ...s.pressed])], buttons: [] }));
  }

  clear(): void {
    this.store.setState({ ...INITIAL_INPUT_TEST_STATE });
  }

  private record(device: InputEvent['device'], input: string, kind: InputEvent['kind']): void {
    this.sequence += 1;
    const event: InputEvent = { id: this.sequence, device, input, kind };
    const list = device === 'keyboard' ? 'keyEvents' : 'mouseEvents';
    this.store.setState((s) => ({ [list]: [event, ...s[list]].slice(0, RECENT_INPUT_EVENTS_KEPT) }));
  }
}
