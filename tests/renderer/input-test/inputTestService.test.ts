/** SPEC §2/§9 input test: pressed and released keys, mouse buttons and wheel, 5 kept per list, 10 recent shown. */
import { beforeEach, describe, expect, it } from 'vitest';
import { InputTestService, recentEvents } from '../../../src/renderer/input-test/inputTestService.js';
import { INITIAL_INPUT_TEST_STATE, useInputTestStore } from '../../../src/renderer/input-test/inputTestStore.js';
import { keyLabel } from '../../../src/renderer/input-test/keyboardLayout.js';

const state = () => useInputTestStore.getState();

describe('input test (SPEC §2)', () => {
  beforeEach(() => useInputTestStore.setState({ ...INITIAL_INPUT_TEST_STATE }));

  it('a held key is pressed, a released one released; auto-repeat is one event', () => {
    const tester = new InputTestService();
    tester.keyDown('KeyA', 'A');
    tester.keyDown('KeyA', 'A');
    expect(state().pressed).toEqual(['KeyA']);
    tester.keyUp('KeyA', 'A');
    expect(state().pressed).toEqual([]);
    expect(state().released).toEqual(['KeyA']);
    expect(state().keyEvents.map((e) => `${e.input} ${e.kind}`)).toEqual(['A up', 'A down']);
  });

  it('mouse left, right, middle and the wheel both ways', () => {
    const tester = new InputTestService();
    for (const button of [0, 2, 1]) {
      tester.mouseDown(button);
      tester.mouseUp(button);
    }
    tester.mouseDown(3); // back: blocked by the page, not a tester input
    tester.wheel(-100);
    tester.wheel(100);
    expect(state().mouseEvents.map((e) => `${e.input} ${e.kind}`)).toEqual([
      'scrollDown scroll',
      'scrollUp scroll',
      'middle up',
      'middle down',
      'right up',
    ]);
    expect(state().lastScroll).toBe('scrollDown');
    expect(state().buttons).toEqual([]);
  });

  it('keeps the last 5 per list and shows up to 10 recent events, newest first', () => {
    const tester = new InputTestService();
    for (const key of 'QWERTYU') {
      tester.keyDown(`Key${key}`, key);
      tester.keyUp(`Key${key}`, key);
    }
    for (let i = 0; i < 4; i += 1) tester.wheel(i % 2 ? 1 : -1);
    expect(state().keyEvents).toHaveLength(5);
    expect(state().mouseEvents).toHaveLength(4);
    const recent = recentEvents(state());
    expect(recent).toHaveLength(9);
    expect(recent[0]?.device).toBe('mouse');
    for (let i = 0; i < 4; i += 1) {
      tester.mouseDown(0);
      tester.mouseUp(0);
    }
    expect(recentEvents(state())).toHaveLength(10);
  });

  it('labels keys from the caps, else from the key', () => {
    expect(keyLabel('Space', ' ')).toBe('Space');
    expect(keyLabel('IntlBackslash', '<')).toBe('<');
    expect(keyLabel('NumpadEnter', 'Enter')).toBe('Enter');
  });
});
