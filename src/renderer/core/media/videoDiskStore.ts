/**
 * The background video kept on the station's disk with the time it was saved
 * (SPEC §9 media cache: "video also stored locally with a timestamp"), in the
 * renderer's Cache Storage — it survives a restart of the kiosk, and needs
 * no file access from the page.
 */
export interface SavedVideo {
  savedAt: number;
  mimeType: string;
  blob: Blob;
}

export interface VideoDiskStore {
  read(): Promise<SavedVideo | null>;
  write(video: SavedVideo): Promise<void>;
  clear(): Promise<void>;
}

const CACHE_NAME = 'spawnpoint-media';
/**
 * Only a key inside the cache: nothing is ever requested at this address. An
 * https address, because Cache Storage takes only http(s) keys and the kiosk's
 * own origin is app://station.
 */
export const VIDEO_CACHE_KEY = 'https://media.spawnpoint.invalid/background-video';
const SAVED_AT = 'x-spawnpoint-saved-at';

/** The store on Cache Storage, or null where the page has none (insecure origin, tests). */
export function cacheStorageVideoStore(win: Pick<Window, 'caches'>): VideoDiskStore | null {
  const caches = 'caches' in win ? win.caches : undefined;
  if (!caches) return null;
  const key = VIDEO_CACHE_KEY;
  return {
    async read() {
      const response = await (await caches.open(CACHE_NAME)).match(key);
      if (!response) return null;
      const savedAt = Number(response.headers.get(SAVED_AT));
      if (!Number.isFinite(savedAt)) return null;
      return { savedAt, mimeType: response.headers.get('content-type') ?? 'video/mp4', blob: await response.blob() };
    },
    async write(video) {
      const headers = { 'content-type': video.mimeType, [SAVED_AT]: String(video.savedAt) };
      await (await caches.open(CACHE_NAME)).put(key, new Response(video.blob, { headers }));
    },
    async clear() {
      await (await caches.open(CACHE_NAME)).delete(key);
    },
  };
}
