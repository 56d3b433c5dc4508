/**
 * Binds a component's outermost element to the document's blocking layers
 * (ui/blockingLayers.ts) while it is mounted and `active`: the page behind
 * becomes inert and the focus stays inside.
 */
import { useLayoutEffect, useRef } from 'react';
import { blockingLayers } from './blockingLayers.js';
import type { LayerLevel } from './blockingLayers.js';

export function useBlockingLayer<T extends HTMLElement>(level: LayerLevel, active = true) {
  const ref = useRef<T>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!active || !element) return undefined;
    return blockingLayers(element.ownerDocument).raise(element, level);
  }, [level, active]);
  return ref;
}
