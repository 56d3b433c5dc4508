/**
 * SPEC §2: back/forward navigation is blocked — Backspace outside inputs,
 * Alt plus arrow keys, the browser back/forward keys and mouse buttons 3 to 5.
 * (History pops are blocked in RootLayout with the router's blocker.)
 */
const NON_TEXT_INPUTS = new Set(['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'image', 'range', 'color']);

/** SPEC §2: Alt plus any arrow key. */
const ALT_ARROWS = new Set(['ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown']);

export function isEditableTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement) return !target.readOnly;
  if (target instanceof HTMLInputElement) return !target.readOnly && !NON_TEXT_INPUTS.has(target.type);
  return false;
}

export function shouldBlockKey(event: Pick<KeyboardEvent, 'key' | 'altKey' | 'target'>): boolean {
  if (event.key === 'Backspace') return !isEditableTarget(event.target);
  if (event.altKey && ALT_ARROWS.has(event.key)) return true;
  return event.key === 'BrowserBack' || event.key === 'BrowserForward';
}

/** Mouse buttons 3 to 5 (the back/forward side buttons and beyond). */
export function shouldBlockMouseButton(button: number): boolean {
  return button >= 3 && button <= 5;
}

/** Install the key and mouse guards on a window; returns the function that removes them. */
export function installNavigationGuard(target: Window): () => void {
  const onKey = (event: KeyboardEvent) => {
    if (shouldBlockKey(event)) event.preventDefault();
  };
  const onMouse = (event: MouseEvent) => {
    if (shouldBlockMouseButton(event.button)) event.preventDefault();
  };
  target.addEventListener('keydown', onKey, true);
  for (const type of ['mousedown', 'mouseup', 'auxclick'] as const) {
    target.addEventListener(type, onMouse, true);
  }
  return () => {
    target.removeEventListener('keydown', onKey, true);
    for (const type of ['mousedown', 'mouseup', 'auxclick'] as const) {
      target.removeEventListener(type, onMouse, true);
    }
  };
}
