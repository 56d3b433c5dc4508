/**
 * Keyboard shortcuts for the frequent actions (issue 23: easy for eight hours). A key runs its action
 * when nobody is typing (focus not in a field) and no dialog is open, and without Ctrl/⌘ (the browser's
 * own keys stay the browser's); Alt+digit is for the screens. Keys are matched case-insensitively.
 */
import { useEffect, useRef } from 'react';

export type ShortcutMap = Record<string, (() => void) | undefined>;

/** True when the key event belongs to someone typing or to a dialog, not to a shortcut. */
export function typingOrDialog(target: EventTarget | null, doc: Document = document): boolean {
  if (doc.querySelector('[role="dialog"]')) return true;
  const el = target as HTMLElement | null;
  if (!el || !('tagName' in el)) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable;
}

/**
 * The name a key event is looked up by: "u", "escape", "alt+1", "/" (Escape counts even in a field).
 * Alt+digit goes by the key's place (e.code), since Alt changes what some layouts type.
 */
export function shortcutName(e: Pick<KeyboardEvent, 'key' | 'altKey' | 'code'>): string {
  const key = e.key.toLowerCase();
  if (!e.altKey) return key;
  return `alt+${e.code.startsWith('Digit') ? e.code.slice(5) : key}`;
}

export function useShortcuts(map: ShortcutMap): void {
  const current = useRef(map);
  current.current = map;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.defaultPrevented) return;
      const name = shortcutName(e);
      const action = current.current[name];
      if (!action) return;
      if (name !== 'escape' && !name.startsWith('alt+') && typingOrDialog(e.target)) return;
      if (name === 'escape' && document.querySelector('[role="dialog"]')) return;
      e.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
