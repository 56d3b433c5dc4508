/** Issue 22 item 7: the blocking layers make the page behind inert and keep the focus in front. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BlockingLayers, LAYER_LEVEL, tabbables } from '../../../src/shared/ui/blockingLayers.js';

function page(): { root: HTMLElement; behind: HTMLButtonElement; banner: HTMLElement; slot: HTMLElement } {
  document.body.innerHTML = `
    <div id="root">
      <div id="banner"><button id="banner-btn">b</button></div>
      <main id="screen"><nav><button id="behind">Store</button></nav><section id="slot"></section></main>
    </div>
    <div id="toaster"></div>`;
  return {
    root: document.getElementById('root') as HTMLElement,
    behind: document.getElementById('behind') as HTMLButtonElement,
    banner: document.getElementById('banner') as HTMLElement,
    slot: document.getElementById('slot') as HTMLElement,
  };
}

function layer(parent: HTMLElement, id: string, buttons: string[]): HTMLElement {
  const el = document.createElement('div');
  el.id = id;
  for (const name of buttons) {
    const b = document.createElement('button');
    b.id = `${id}-${name}`;
    b.textContent = name;
    el.append(b);
  }
  parent.append(el);
  return el;
}

const inert = (id: string) => document.getElementById(id)?.closest('[inert]') !== null;
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('BlockingLayers', () => {
  let layers: BlockingLayers;
  beforeEach(() => {
    layers = new BlockingLayers(document);
  });
  afterEach(() => {
    document.body.innerHTML = '';
  });

  it('makes everything beside the layer inert, keeps its own path live, and gives back exactly that', () => {
    const { slot } = page();
    document.getElementById('toaster')?.setAttribute('inert', '');
    const modal = layer(slot, 'modal', ['ok']);
    const lower = layers.raise(modal, LAYER_LEVEL.modal);
    expect(['behind', 'banner-btn', 'toaster'].map(inert)).toEqual([true, true, true]);
    expect(inert('modal-ok')).toBe(false);
    expect(document.activeElement?.id).toBe('modal-ok');
    lower();
    expect(['behind', 'banner-btn'].map(inert)).toEqual([false, false]);
    // Not ours to give back.
    expect(document.getElementById('toaster')?.hasAttribute('inert')).toBe(true);
  });

  it('the higher level is in front whatever the order, and the lower one becomes inert under it', () => {
    const { root, slot } = page();
    const status = layer(root, 'status', []);
    const lowerStatus = layers.raise(status, LAYER_LEVEL.status);
    const lock = layer(root, 'lock', ['unlock']);
    const lowerLock = layers.raise(lock, LAYER_LEVEL.lock);
    expect(layers.top()).toBe(status);
    expect([inert('lock-unlock'), inert('behind'), inert('status')]).toEqual([true, true, false]);
    expect(document.activeElement).toBe(status);
    lowerStatus();
    expect(layers.top()).toBe(lock);
    expect([inert('lock-unlock'), inert('behind'), inert('slot')]).toEqual([false, true, true]);
    expect(document.activeElement?.id).toBe('lock-unlock');
    lowerLock();
    expect(inert('behind')).toBe(false);
    void slot;
  });

  it('an element added beside the path while a layer is up is inert as it arrives', async () => {
    const { root, slot } = page();
    const modal = layer(slot, 'modal', ['ok']);
    layers.raise(modal, LAYER_LEVEL.modal);
    const late = layer(root, 'late', ['go']);
    await flush();
    expect(inert('late-go')).toBe(true);
    void late;
  });

  it('Tab and Shift+Tab wrap inside the layer; a layer with nothing to focus keeps the focus on itself', () => {
    const { root, behind } = page();
    const lock = layer(root, 'lock', ['a', 'b']);
    layers.raise(lock, LAYER_LEVEL.lock);
    expect(tabbables(lock).map((el) => el.id)).toEqual(['lock-a', 'lock-b']);
    (document.getElementById('lock-b') as HTMLElement).focus();
    expect(layers.handleTab(false)).toBe(true);
    expect(document.activeElement?.id).toBe('lock-a');
    expect(layers.handleTab(true)).toBe(true);
    expect(document.activeElement?.id).toBe('lock-b');
    // In the middle the browser moves on by itself.
    (document.getElementById('lock-a') as HTMLElement).focus();
    expect(layers.handleTab(false)).toBe(false);
    // Focus that landed behind is taken back.
    behind.removeAttribute('inert');
    behind.focus();
    layers.handleFocusIn(behind);
    expect(lock.contains(document.activeElement)).toBe(true);

    const empty = layer(root, 'overlay', []);
    layers.raise(empty, LAYER_LEVEL.status);
    expect(layers.handleTab(false)).toBe(true);
    expect(document.activeElement).toBe(empty);
  });

  it('without a layer nothing is touched and Tab is the browser’s', () => {
    page();
    expect(layers.handleTab(false)).toBe(false);
    expect(document.querySelectorAll('[inert]').length).toBe(0);
  });
});
