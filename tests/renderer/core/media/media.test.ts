/** SPEC §4/§9 media: the logo (when active) and the video kept on disk with its timestamp, 30 minutes; mediaUpdated drops them. */
import { describe, expect, it, vi } from 'vitest';
import { mediaBackgroundVideo, mediaLogo } from '../../../../src/shared/api/media.js';
import { MEDIA_CACHE_MS } from '../../../../src/shared/constants.js';
import { BackgroundVideoCache } from '../../../../src/renderer/core/media/backgroundVideo.js';
import { LogoCache } from '../../../../src/renderer/core/media/logo.js';
import { MediaService } from '../../../../src/renderer/core/media/mediaService.js';
import type { SavedVideo, VideoDiskStore } from '../../../../src/renderer/core/media/videoDiskStore.js';

function memoryDisk(): VideoDiskStore & { saved: SavedVideo | null } {
  return {
    saved: null,
    read() {
      return Promise.resolve(this.saved);
    },
    write(video) {
      this.saved = video;
      return Promise.resolve();
    },
    clear() {
      this.saved = null;
      return Promise.resolve();
    },
  };
}

const VIDEO = { downloadUrl: '/cafe-settings/media/background.mp4', mimeType: 'video/mp4' };

function videoCache(disk: VideoDiskStore, clock: { now: number }) {
  const fetch = vi.fn(() => Promise.resolve(VIDEO));
  const download = vi.fn(() => Promise.resolve(new Blob(['video'])));
  let urls = 0;
  const revoke = vi.fn();
  const cache = new BackgroundVideoCache({
    fetch,
    resolveUrl: (p) => `http://cafe${p}`,
    now: () => clock.now,
    disk,
    download,
    objectUrl: { create: () => `blob:video-${++urls}`, revoke },
  });
  return { cache, fetch, download, revoke };
}

describe('background video on disk (SPEC §9: stored locally with a timestamp)', () => {
  it('downloads once, plays the saved file, and a restart within 30 minutes downloads nothing', async () => {
    const disk = memoryDisk();
    const clock = { now: 1_000_000 };
    const first = videoCache(disk, clock);
    expect(await first.cache.get()).toEqual({ src: 'blob:video-1', type: 'video/mp4' });
    expect(first.download).toHaveBeenCalledWith('http://cafe/cafe-settings/media/background.mp4');
    expect(disk.saved?.savedAt).toBe(1_000_000);

    // The kiosk restarts 20 minutes later: a new cache over the same disk.
    clock.now += 20 * 60_000;
    const restarted = videoCache(disk, clock);
    expect(await restarted.cache.get()).toEqual({ src: 'blob:video-1', type: 'video/mp4' });
    expect(restarted.fetch).not.toHaveBeenCalled();
    expect(restarted.download).not.toHaveBeenCalled();

    // 30 minutes after it was saved: fetched and downloaded again.
    clock.now = 1_000_000 + MEDIA_CACHE_MS;
    expect((await restarted.cache.get())?.src).toBe('blob:video-2');
    expect(restarted.download).toHaveBeenCalledTimes(1);
    expect(restarted.revoke).toHaveBeenCalledWith('blob:video-1');
  });

  it('invalidate drops the saved file; callers at the same time share one download', async () => {
    const disk = memoryDisk();
    const { cache, download } = videoCache(disk, { now: 0 });
    await Promise.all([cache.get(), cache.get()]);
    expect(download).toHaveBeenCalledTimes(1);
    await cache.invalidate();
    expect(disk.saved).toBeNull();
    await cache.get();
    expect(download).toHaveBeenCalledTimes(2);
  });

  it('a failed download streams from the server; no video clears the disk', async () => {
    const disk = memoryDisk();
    const { cache, download, fetch } = videoCache(disk, { now: 0 });
    download.mockRejectedValueOnce(new Error('offline'));
    expect(await cache.get()).toEqual({ src: 'http://cafe/cafe-settings/media/background.mp4', type: 'video/mp4' });
    disk.saved = { savedAt: -MEDIA_CACHE_MS, mimeType: 'video/mp4', blob: new Blob([]) };
    await cache.invalidate();
    fetch.mockResolvedValueOnce(null as never);
    expect(await cache.get()).toBeNull();
    expect(disk.saved).toBeNull();
  });
});

describe('logo (SPEC §2: shown when active, cached 30 minutes)', () => {
  it('answers the address only for an active logo, 30 minutes, with a version against stale HTTP caches', async () => {
    let now = 5;
    const fetch = vi.fn(() => Promise.resolve({ isActive: true, downloadUrl: '/cafe-settings/media/logo.png' }));
    const logo = new LogoCache({ fetch, resolveUrl: (p) => `http://cafe${p}`, now: () => now });
    expect(await logo.get()).toBe('http://cafe/cafe-settings/media/logo.png?v=5');
    now += MEDIA_CACHE_MS - 1;
    await logo.get();
    expect(fetch).toHaveBeenCalledTimes(1);
    logo.invalidate();
    fetch.mockResolvedValueOnce({ isActive: false, downloadUrl: '/cafe-settings/media/logo.png' });
    expect(await logo.get()).toBeNull();
  });

  it('mediaUpdated of type logo re-fetches the logo only', async () => {
    const handlers: Array<(payload: { type: 'logo' | 'background_video' }) => void> = [];
    const call = vi.fn((route: unknown) =>
      Promise.resolve(
        route === mediaLogo
          ? { logo: { isActive: true, filename: 'logo.png', downloadUrl: '/cafe-settings/media/logo.png' } }
          : { video: null },
      ),
    );
    const media = new MediaService({
      api: { call, resolveUrl: (p: string) => `http://cafe${p}` } as never,
      connection: { on: ((_event: string, handler: (typeof handlers)[number]) => (handlers.push(handler), () => undefined)) as never },
    });
    const seen: Array<string | null> = [];
    media.followLogo((src) => seen.push(src));
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    handlers.forEach((h) => h({ type: 'background_video' }));
    handlers.forEach((h) => h({ type: 'logo' }));
    await vi.waitFor(() => expect(seen).toHaveLength(2));
    expect(call.mock.calls.filter(([route]) => route === mediaLogo)).toHaveLength(2);
    expect(call.mock.calls.filter(([route]) => route === mediaBackgroundVideo)).toHaveLength(0);
  });
});
