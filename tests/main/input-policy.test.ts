/**
 * The kiosk's keyboard policy as a table of real Electron inputs
 * (before-input-event's Input: key, code and modifiers as Chromium reports
 * them, including an Arabic layout and AltGr).
 */
import { describe, expect, it } from 'vitest';
import { inputDecision, nextKeyboardLocked } from '../../src/main/window/input-policy.js';
import type { KeyInput } from '../../src/main/window/input-policy.js';

type Mods = Partial<Pick<KeyInput, 'control' | 'alt' | 'shift' | 'meta'>>;
const key = (k: string, code: string, mods: Mods = {}, type = 'keyDown'): KeyInput => ({
  type,
  key: k,
  code,
  control: false,
  alt: false,
  shift: false,
  meta: false,
  ...mods,
});
const ctrl = { control: true };
const ctrlShift = { control: true, shift: true };
const alt = { alt: true };

describe('blocked before the page sees them', () => {
  it.each([
    ['Alt+F4 (close the window)', key('F4', 'F4', alt)],
    ['Alt+F4 key-up too', key('F4', 'F4', alt, 'keyUp')],
    ['Ctrl+W (close)', key('w', 'KeyW', ctrl)],
    ['Ctrl+Shift+W', key('W', 'KeyW', ctrlShift)],
    ['Ctrl+F4', key('F4', 'F4', ctrl)],
    ['Ctrl+Q', key('q', 'KeyQ', ctrl)],
    ['Ctrl+R (reload)', key('r', 'KeyR', ctrl)],
    ['Ctrl+Shift+R (hard reload)', key('R', 'KeyR', ctrlShift)],
    ['F5', key('F5', 'F5')],
    ['Shift+F5', key('F5', 'F5', { shift: true })],
    ['Ctrl+F5', key('F5', 'F5', ctrl)],
    ['BrowserRefresh key', key('BrowserRefresh', 'BrowserRefresh')],
    ['Ctrl+Shift+I (devtools)', key('I', 'KeyI', ctrlShift)],
    ['Ctrl+Shift+J (console)', key('J', 'KeyJ', ctrlShift)],
    ['Ctrl+Shift+C (inspect)', key('C', 'KeyC', ctrlShift)],
    ['F12', key('F12', 'F12')],
    ['Cmd+Alt+I (macOS devtools)', key('i', 'KeyI', { meta: true, alt: true, shift: true })],
    ['Ctrl+U (view source)', key('u', 'KeyU', ctrl)],
    ['F11 (leave full screen)', key('F11', 'F11')],
    ['Ctrl+= (zoom in)', key('=', 'Equal', ctrl)],
    ['Ctrl+Shift+= i.e. Ctrl++', key('+', 'Equal', ctrlShift)],
    ['Ctrl+- (zoom out)', key('-', 'Minus', ctrl)],
    ['Ctrl+0 (reset zoom)', key('0', 'Digit0', ctrl)],
    ['Ctrl+numpad +', key('+', 'NumpadAdd', ctrl)],
    ['Ctrl+numpad -', key('-', 'NumpadSubtract', ctrl)],
    ['Alt+Left (back)', key('ArrowLeft', 'ArrowLeft', alt)],
    ['Alt+Right (forward)', key('ArrowRight', 'ArrowRight', alt)],
    ['Alt+Home', key('Home', 'Home', alt)],
    ['Alt+Space (window menu)', key(' ', 'Space', alt)],
    ['BrowserBack key', key('BrowserBack', 'BrowserBack')],
    ['BrowserForward key', key('BrowserForward', 'BrowserForward')],
    ['Ctrl+N (new window)', key('n', 'KeyN', ctrl)],
    ['Ctrl+Shift+N (incognito)', key('N', 'KeyN', ctrlShift)],
    ['Ctrl+T (new tab)', key('t', 'KeyT', ctrl)],
    ['Ctrl+Shift+T (reopen tab)', key('T', 'KeyT', ctrlShift)],
    ['Ctrl+P (print)', key('p', 'KeyP', ctrl)],
    ['Ctrl+S (save page)', key('s', 'KeyS', ctrl)],
    ['Ctrl+O (open file)', key('o', 'KeyO', ctrl)],
    ['Ctrl+H (history)', key('h', 'KeyH', ctrl)],
    ['Ctrl+J (downloads)', key('j', 'KeyJ', ctrl)],
    ['Ctrl+D (bookmark)', key('d', 'KeyD', ctrl)],
    ['Ctrl+Tab', key('Tab', 'Tab', ctrl)],
    ['Ctrl+PageDown', key('PageDown', 'PageDown', ctrl)],
    ['Ctrl+Shift+Delete (clear data)', key('Delete', 'Delete', ctrlShift)],
    ['Ctrl+W on an Arabic layout (ص on KeyW)', key('ص', 'KeyW', ctrl)],
    ['Ctrl+R on an Arabic layout (ق on KeyR)', key('ق', 'KeyR', ctrl)],
    ['Caps Lock on: Ctrl+W reported as W', key('W', 'KeyW', ctrl)],
    ['Ctrl+W without a code', { type: 'keyDown', key: 'w', control: true }],
  ] as const)('%s', (_name, input) => {
    expect(inputDecision(input)).toBe('block');
  });
});

describe('reaching the page', () => {
  it.each([
    ['Ctrl+L (the lock screen)', key('l', 'KeyL', ctrl)],
    ['Ctrl+L on an Arabic layout', key('م', 'KeyL', ctrl)],
    ['typing a letter', key('a', 'KeyA')],
    ['typing an Arabic letter', key('ش', 'KeyA')],
    ['Shift+letter', key('A', 'KeyA', { shift: true })],
    ['typing a digit', key('0', 'Digit0')],
    ['typing =', key('=', 'Equal')],
    ['Enter', key('Enter', 'Enter')],
    ['Escape (closes modals)', key('Escape', 'Escape')],
    ['Tab', key('Tab', 'Tab')],
    ['Shift+Tab', key('Tab', 'Tab', { shift: true })],
    ['Backspace', key('Backspace', 'Backspace')],
    ['arrow keys', key('ArrowLeft', 'ArrowLeft')],
    ['Ctrl+Left (word left)', key('ArrowLeft', 'ArrowLeft', ctrl)],
    ['Ctrl+C (copy)', key('c', 'KeyC', ctrl)],
    ['Ctrl+V (paste)', key('v', 'KeyV', ctrl)],
    ['Ctrl+X (cut)', key('x', 'KeyX', ctrl)],
    ['Ctrl+A (select all)', key('a', 'KeyA', ctrl)],
    ['Ctrl+Z (undo)', key('z', 'KeyZ', ctrl)],
    ['Ctrl+Y (redo)', key('y', 'KeyY', ctrl)],
    ['Ctrl+Backspace', key('Backspace', 'Backspace', ctrl)],
    ['AltGr+Q (@ on a German layout: Ctrl+Alt)', key('@', 'KeyQ', { control: true, alt: true })],
    ['Alt alone', key('Alt', 'AltLeft', alt)],
    ['F1', key('F1', 'F1')],
    ['a mouse wheel event type', { type: 'mouseWheel', key: '', control: true }],
  ] as const)('%s', (_name, input) => {
    expect(inputDecision(input)).toBe('allow');
  });
});

describe('while the lock screen is up (issue 22 item 7)', () => {
  it.each([
    ['Tab', key('Tab', 'Tab')],
    ['Shift+Tab', key('Tab', 'Tab', { shift: true })],
    ['Tab key-up', key('Tab', 'Tab', {}, 'keyUp')],
    ['F6 (focus the next pane)', key('F6', 'F6')],
  ])('%s is dropped while locked and reaches the page otherwise', (_name, input) => {
    expect(inputDecision(input, { locked: true })).toBe('block');
    expect(inputDecision(input, { locked: false })).toBe('allow');
    expect(inputDecision(input)).toBe('allow');
  });

  it.each([
    ['typing', key('a', 'KeyA')],
    ['Enter (unlock)', key('Enter', 'Enter')],
    ['Backspace in the field', key('Backspace', 'Backspace')],
  ])('%s still reaches the lock screen', (_name, input) => {
    expect(inputDecision(input, { locked: true })).toBe('allow');
  });

  it('follows ScreenLocked until ScreenUnlocked, a login or a logout', () => {
    expect(nextKeyboardLocked(false, { command: 'ScreenLocked' })).toBe(true);
    expect(nextKeyboardLocked(true, { command: 'ScreenUnlocked' })).toBe(false);
    expect(nextKeyboardLocked(true, { command: 'UserLogout' })).toBe(false);
    expect(nextKeyboardLocked(true, { command: 'UserLogin', Username: 'ali' })).toBe(false);
    expect(nextKeyboardLocked(true, { command: 'NFC_ENABLE' })).toBe(true);
    expect(nextKeyboardLocked(false, { command: 'NFC_ENABLE' })).toBe(false);
  });
});
