import { afterEach, describe, expect, it } from 'vitest';
import {
  installNavigationGuard,
  shouldBlockKey,
  shouldBlockMouseButton,
} from '../../../src/renderer/app/navigationGuard.js';

describe('navigation blocking (SPEC §2)', () => {
  let remove: (() => void) | null = null;
  afterEach(() => {
    remove?.();
    document.body.innerHTML = '';
  });

  it('blocks Backspace outside inputs only', () => {
    const input = document.createElement('input');
    const textarea = document.createElement('textarea');
    const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
    const div = document.createElement('div');
    expect(shouldBlockKey({ key: 'Backspace', altKey: false, target: div })).toBe(true);
    expect(shouldBlockKey({ key: 'Backspace', altKey: false, target: checkbox })).toBe(true);
    expect(shouldBlockKey({ key: 'Backspace', altKey: false, target: input })).toBe(false);
    expect(shouldBlockKey({ key: 'Backspace', altKey: false, target: textarea })).toBe(false);
  });

  it('blocks Alt+Left/Right and the browser back/forward keys', () => {
    expect(shouldBlockKey({ key: 'ArrowLeft', altKey: true, target: null })).toBe(true);
    expect(shouldBlockKey({ key: 'ArrowRight', altKey: true, target: null })).toBe(true);
    expect(shouldBlockKey({ key: 'ArrowLeft', altKey: false, target: null })).toBe(false);
    expect(shouldBlockKey({ key: 'ArrowUp', altKey: true, target: null })).toBe(true);
    expect(shouldBlockKey({ key: 'ArrowDown', altKey: true, target: null })).toBe(true);
    expect(shouldBlockKey({ key: 'ArrowUp', altKey: false, target: null })).toBe(false);
    expect(shouldBlockKey({ key: 'BrowserBack', altKey: false, target: null })).toBe(true);
    expect(shouldBlockKey({ key: 'a', altKey: false, target: null })).toBe(false);
  });

  it('blocks mouse buttons 3 to 5', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(shouldBlockMouseButton)).toEqual([false, false, false, true, true, true, false]);
  });

  it('prevents the default of blocked events on the window', () => {
    remove = installNavigationGuard(window);
    const div = document.body.appendChild(document.createElement('div'));
    const backspace = new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true });
    div.dispatchEvent(backspace);
    expect(backspace.defaultPrevented).toBe(true);
    const back = new MouseEvent('mouseup', { button: 3, bubbles: true, cancelable: true });
    div.dispatchEvent(back);
    expect(back.defaultPrevented).toBe(true);
    const input = document.body.appendChild(document.createElement('input'));
    const typing = new KeyboardEvent('keydown', { key: 'Backspace', bubbles: true, cancelable: true });
    input.dispatchEvent(typing);
    expect(typing.defaultPrevented).toBe(false);
  });
});
