/** The console's keyboard shortcuts: the name a key press is looked up by. */
import { describe, expect, it } from 'vitest';
import { shortcutName } from '../../../src/console/ui/useShortcuts.js';

describe('shortcut names', () => {
  it('a key is its lower-case name; Escape is "escape"', () => {
    expect(shortcutName({ key: 'U', altKey: false, code: 'KeyU' })).toBe('u');
    expect(shortcutName({ key: 'Escape', altKey: false, code: 'Escape' })).toBe('escape');
    expect(shortcutName({ key: '/', altKey: false, code: 'Slash' })).toBe('/');
  });

  it('Alt+digit goes by the key’s place, whatever Alt makes the layout type', () => {
    expect(shortcutName({ key: '¡', altKey: true, code: 'Digit1' })).toBe('alt+1');
    expect(shortcutName({ key: 'X', altKey: true, code: 'KeyX' })).toBe('alt+x');
  });
});
