/** The video kept on disk with its timestamp (Cache Storage), under an https key the kiosk's app:// origin can use. */
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { cacheStorageVideoStore, VIDEO_CACHE_KEY } from '../../../../src/renderer/core/media/videoDiskStore.js';

function fakeCaches() {
  const entries = new Map<string, Response>();
  const cache = {
    match: (key: string) => Promise.resolve(entries.get(key)?.clone()),
    put: (key: string, response: Response) => {
      if (!/^https?:/.test(key)) return Promise.reject(new TypeError(`Request scheme '${key.split(':')[0]}' is unsupported`));
      entries.set(key, response);
      return Promise.resolve();
    },
    delete: (key: string) => Promise.resolve(entries.delete(key)),
  };
  return { entries, caches: { open: () => Promise.resolve(cache) } as unknown as CacheStorage };
}

describe('cacheStorageVideoStore', () => {
  it('writes the file with its saved-at time and content type, reads it back, clears it', async () => {
    const { entries, caches } = fakeCaches();
    const store = cacheStorageVideoStore({ caches });
    expect(store).not.toBeNull();
    expect(await store!.read()).toBeNull();
    await store!.write({ savedAt: 1_700_000_000_000, mimeType: 'video/webm', blob: new NodeBlob(['abc']) as unknown as Blob });
    // (Node's Blob: jsdom's Blob and Node's Response do not mix.)
    expect([...entries.keys()]).toEqual([VIDEO_CACHE_KEY]);
    const saved = await store!.read();
    expect(saved).toMatchObject({ savedAt: 1_700_000_000_000, mimeType: 'video/webm' });
    expect(await saved!.blob.text()).toBe('abc');
    await store!.clear();
    expect(await store!.read()).toBeNull();
  });

  it('none where the page has no Cache Storage', () => {
    expect(cacheStorageVideoStore({} as Pick<Window, 'caches'>)).toBeNull();
  });
});
