/** The keyboard tester's rows: KeyboardEvent.code and the label on the key (a wide key has a width in key units). */
export interface KeyCap {
  code: string;
  label: string;
  width?: number;
}

const keys = (codes: string, prefix = 'Key'): KeyCap[] => [...codes].map((c) => ({ code: `${prefix}${c}`, label: c }));

export const KEYBOARD_ROWS: KeyCap[][] = [
  [{ code: 'Escape', label: 'Esc' }, ...Array.from({ length: 12 }, (_, i) => ({ code: `F${i + 1}`, label: `F${i + 1}` }))],
  [
    { code: 'Backquote', label: '`' },
    ...keys('1234567890', 'Digit'),
    { code: 'Minus', label: '-' },
    { code: 'Equal', label: '=' },
    { code: 'Backspace', label: 'Backspace', width: 2 },
  ],
  [
    { code: 'Tab', label: 'Tab', width: 1.5 },
    ...keys('QWERTYUIOP'),
    { code: 'BracketLeft', label: '[' },
    { code: 'BracketRight', label: ']' },
    { code: 'Backslash', label: '\\', width: 1.5 },
  ],
  [
    { code: 'CapsLock', label: 'Caps', width: 1.75 },
    ...keys('ASDFGHJKL'),
    { code: 'Semicolon', label: ';' },
    { code: 'Quote', label: "'" },
    { code: 'Enter', label: 'Enter', width: 2.25 },
  ],
  [
    { code: 'ShiftLeft', label: 'Shift', width: 2.25 },
    ...keys('ZXCVBNM'),
    { code: 'Comma', label: ',' },
    { code: 'Period', label: '.' },
    { code: 'Slash', label: '/' },
    { code: 'ShiftRight', label: 'Shift', width: 2.75 },
  ],
  [
    { code: 'ControlLeft', label: 'Ctrl', width: 1.5 },
    { code: 'MetaLeft', label: 'Win', width: 1.25 },
    { code: 'AltLeft', label: 'Alt', width: 1.25 },
    { code: 'Space', label: 'Space', width: 6 },
    { code: 'AltRight', label: 'Alt', width: 1.25 },
    { code: 'ControlRight', label: 'Ctrl', width: 1.5 },
    { code: 'ArrowLeft', label: '←' },
    { code: 'ArrowUp', label: '↑' },
    { code: 'ArrowDown', label: '↓' },
    { code: 'ArrowRight', label: '→' },
  ],
];

const LABELS = new Map(KEYBOARD_ROWS.flat().map((k) => [k.code, k.label]));

/** The label of a key for the event lists: the cap's label, else the key's own name. */
export function keyLabel(code: string, key: string): string {
  return LABELS.get(code) ?? (key.length === 1 ? key.toUpperCase() : key || code);
}

/** Keys the page keeps from acting (focus moves, scrolling, the browser's own F-keys) while testing. */
export function keepsFromBrowser(code: string): boolean {
  return code === 'Tab' || code === 'Space' || code.startsWith('Arrow') || /^F\d+$/.test(code) || code.startsWith('Alt');
}
