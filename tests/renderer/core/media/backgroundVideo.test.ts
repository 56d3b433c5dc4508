/** The lock screen's rules and the background video cache (30 minutes). */
import { describe, expect, it, vi } from 'vitest';
import { BackgroundVideoCache } from '../../../../src/renderer/core/media/backgroundVideo.js';

describe('background video cache', () => {
  it('keeps the answer 30 minutes, re-fetches after invalidate, and falls back silently', async () => {
    let now = 0;
    const fetch = vi.fn(() => Promise.resolve({ downloadUrl: '/cafe-settings/media/background.mp4', mimeType: 'video/mp4' }));
    const cache = new BackgroundVideoCache({ fetch, resolveUrl: (p) => `http://cafe${p}`, now: () => now });
    expect(await cache.get()).toEqual({ src: 'http://cafe/cafe-settings/media/background.mp4', type: 'video/mp4' });
    now = 30 * 60_000 - 1;
    await cache.get();
    expect(fetch).toHaveBeenCalledTimes(1);
    now = 30 * 60_000;
    await cache.get();
    expect(fetch).toHaveBeenCalledTimes(2);
    cache.invalidate();
    fetch.mockRejectedValueOnce(new Error('404'));
    expect(await cache.get()).toBeNull();
  });
});
