/** How many card columns fit the grid's width (followed with a ResizeObserver). */
import { useEffect, useState, type RefObject } from 'react';

export const CARD_MIN_WIDTH = 200;
export const GRID_GAP = 16;

export function columnsFor(width: number): number {
  return Math.max(1, Math.floor((width + GRID_GAP) / (CARD_MIN_WIDTH + GRID_GAP)));
}

export function useGridWidth(ref: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setWidth(element.clientWidth));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
