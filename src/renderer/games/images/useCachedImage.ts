/** A picture through the image cache: its state, re-rendered when it changes. */
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { ImageCache, ImageState } from './imageCache.js';

export function useCachedImage(cache: ImageCache, url: string | null): ImageState | undefined {
  const subscribe = useCallback((listener: () => void) => (url ? cache.subscribe(url, listener) : () => undefined), [cache, url]);
  const state = useSyncExternalStore(subscribe, () => (url ? cache.peek(url) : undefined));
  useEffect(() => {
    if (url) cache.request(url);
  }, [cache, url]);
  return state;
}
