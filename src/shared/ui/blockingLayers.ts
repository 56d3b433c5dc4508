/**
 * Issue 22 item 7, "locks hold the keyboard": while a blocking layer is up —
 * the lock screen, the station-status overlay, a modal — nothing behind it
 * can be focused, clicked or activated.
 *
 * The topmost layer (highest level, then the latest raised) is the only live
 * part of the document: every element beside the path from that layer up to
 * <body> gets the `inert` attribute (the browser then refuses it focus,
 * clicks and activation, and hides it from assistive technology), and
 * elements added beside that path later (a toast, a screen rendered
 * meanwhile) are made inert as they arrive. A focus trap in front keeps Tab
 * and Shift+Tab inside the layer, wrapping at its ends, and takes the focus
 * into the layer when it is anywhere else. When the last layer goes, exactly
 * what was made inert is given back.
 *
 * Plain DOM, no React: useBlockingLayer.ts binds it to components;
 * tests/shared/ui/blockingLayers.test.ts pins it down.
 */

/** Stacking order: a higher level is in front (z-index agrees: modal < lock < status overlay < station refused). */
export const LAYER_LEVEL = { modal: 10, lock: 20, status: 30, trust: 40 } as const;
export type LayerLevel = (typeof LAYER_LEVEL)[keyof typeof LAYER_LEVEL];

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  'audio[controls]',
  'video[controls]',
  '[contenteditable]:not([contenteditable="false"])',
  '[tabindex]',
].join(',');

/** The elements Tab reaches inside root, in document order (tabindex order is not used by the renderer). */
export function tabbables(root: Element): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => el.tabIndex >= 0 && !el.closest('[inert]') && !el.hidden && el.getAttribute('aria-hidden') !== 'true',
  );
}

interface Layer {
  element: HTMLElement;
  level: number;
  order: number;
}

export class BlockingLayers {
  private readonly layers: Layer[] = [];
  /** The elements this manager made inert (never one that already was). */
  private readonly madeInert = new Set<Element>();
  private observer: MutationObserver | null = null;
  private counter = 0;

  constructor(private readonly doc: Document) {}

  /** Raise a layer; returns the function that lowers it. */
  raise(element: HTMLElement, level: number): () => void {
    const layer: Layer = { element, level, order: ++this.counter };
    this.layers.push(layer);
    this.apply();
    this.takeFocus();
    return () => {
      const index = this.layers.indexOf(layer);
      if (index < 0) return;
      this.layers.splice(index, 1);
      this.apply();
      this.takeFocus();
    };
  }

  /** The layer in front, or null. */
  top(): HTMLElement | null {
    let best: Layer | null = null;
    for (const layer of this.layers) {
      if (!best || layer.level > best.level || (layer.level === best.level && layer.order > best.order)) best = layer;
    }
    return best?.element ?? null;
  }

  private release(): void {
    for (const element of this.madeInert) element.removeAttribute('inert');
    this.madeInert.clear();
  }

  /** Everything beside the path from the top layer to <body> is inert; nothing else is touched. */
  private apply(): void {
    const top = this.top();
    const wanted = new Set<Element>();
    if (top && top.isConnected) {
      for (let node: Element = top; node.parentElement && node !== this.doc.body; node = node.parentElement) {
        for (const sibling of Array.from(node.parentElement.children)) {
          if (sibling !== node && !isInertFree(sibling)) wanted.add(sibling);
        }
      }
    }
    for (const element of this.madeInert) {
      if (!wanted.has(element)) {
        element.removeAttribute('inert');
        this.madeInert.delete(element);
      }
    }
    for (const element of wanted) {
      if (this.madeInert.has(element) || element.hasAttribute('inert')) continue;
      element.setAttribute('inert', '');
      this.madeInert.add(element);
    }
    // The path itself is live, even if an earlier layer had made part of it inert.
    for (let node: Element | null = top; node && node !== this.doc.body; node = node.parentElement) {
      if (this.madeInert.has(node)) {
        node.removeAttribute('inert');
        this.madeInert.delete(node);
      }
    }
    this.watch(top !== null);
  }

  private watch(on: boolean): void {
    if (!on) {
      this.observer?.disconnect();
      this.observer = null;
      this.release();
      return;
    }
    const View = this.doc.defaultView?.MutationObserver;
    if (this.observer || !View) return;
    this.observer = new View(() => this.apply());
    this.observer.observe(this.doc.body, { childList: true, subtree: true });
  }

  /** Into the top layer: its autofocus element, else its first tabbable, else the layer itself. */
  private takeFocus(): void {
    const top = this.top();
    if (!top) return;
    const active = this.doc.activeElement;
    if (active && active !== this.doc.body && top.contains(active)) return;
    const first = top.querySelector<HTMLElement>('[autofocus]') ?? tabbables(top)[0];
    focusElement(first ?? top);
  }

  /**
   * The focus trap: Tab and Shift+Tab wrap inside the top layer. Returns true
   * when it moved the focus itself (the caller stops the browser's default).
   */
  handleTab(shift: boolean): boolean {
    const top = this.top();
    if (!top) return false;
    const inside = tabbables(top);
    const active = this.doc.activeElement;
    const index = active instanceof HTMLElement ? inside.indexOf(active) : -1;
    if (inside.length === 0) {
      focusElement(top);
      return true;
    }
    if (index < 0) {
      focusElement((shift ? inside[inside.length - 1] : inside[0]) as HTMLElement);
      return true;
    }
    if (!shift && index === inside.length - 1) {
      focusElement(inside[0] as HTMLElement);
      return true;
    }
    if (shift && index === 0) {
      focusElement(inside[inside.length - 1] as HTMLElement);
      return true;
    }
    return false;
  }

  /** Keeps the focus in the top layer: focus that lands anywhere else is taken back. */
  handleFocusIn(target: EventTarget | null): void {
    const top = this.top();
    if (!top || (target instanceof Node && top.contains(target))) return;
    this.takeFocus();
  }
}

/** A container the layers never make inert: <script>, <style>, <template> and the like carry nothing to focus. */
function isInertFree(element: Element): boolean {
  const tag = element.tagName.toLowerCase();
  return tag === 'script' || tag === 'style' || tag === 'template' || tag === 'link' || tag === 'meta';
}

function focusElement(element: HTMLElement): void {
  if (element.tabIndex < 0 && !element.hasAttribute('tabindex')) element.setAttribute('tabindex', '-1');
  element.focus({ preventScroll: true });
}

let shared: BlockingLayers | null = null;

/** The document's one manager, with its keyboard and focus listeners (installed once). */
export function blockingLayers(doc: Document = document): BlockingLayers {
  if (shared) return shared;
  const layers = new BlockingLayers(doc);
  doc.addEventListener(
    'keydown',
    (event) => {
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      if (layers.handleTab(event.shiftKey)) event.preventDefault();
    },
    true,
  );
  doc.addEventListener('focusin', (event) => layers.handleFocusIn(event.target), true);
  shared = layers;
  return layers;
}
