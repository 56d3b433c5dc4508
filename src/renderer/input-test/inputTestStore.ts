/** SPEC §2 input test page: what the keyboard and the mouse did. */
import { create } from 'zustand';

export type MouseInput = 'left' | 'right' | 'middle' | 'scrollUp' | 'scrollDown';

export interface InputEvent {
  id: number;
  device: 'keyboard' | 'mouse';
  /** The key's label, or the mouse input. */
  input: string;
  kind: 'down' | 'up' | 'scroll';
}

export interface InputTestState {
  /** Key codes held now (blue). */
  pressed: string[];
  /** Key codes pressed and released since the page opened (lighter). */
  released: string[];
  /** Mouse buttons held now, and the last scroll direction. */
  buttons: MouseInput[];
  lastScroll: 'scrollUp' | 'scrollDown' | null;
  /** The last RECENT_INPUT_EVENTS_KEPT of each device, newest first. */
  keyEvents: InputEvent[];
  mouseEvents: InputEvent[];
}

export const INITIAL_INPUT_TEST_STATE: InputTestState = {
  pressed: [],
  released: [],
  buttons: [],
  lastScroll: null,
  keyEvents: [],
  mouseEvents: [],
};

export const useInputTestStore = create<InputTestState>()(() => ({ ...INITIAL_INPUT_TEST_STATE }));

export type InputTestStore = typeof useInputTestStore;
