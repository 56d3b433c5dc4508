import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { globalTimers } from '../../../src/renderer/core/time/timers.js';
import { browserImageLoader, ImageCache } from '../../../src/renderer/games/images/imageCache.js';

/** A loader the test answers: each load waits until the test resolves it. */
function manualLoader() {
  const pending: Array<{ url: string; timeoutMs: number; resolve: (ok: boolean) => void }> = [];
  const load = (url: string, timeoutMs: number) => new Promise<boolean>((resolve) => pending.push({ url, timeoutMs, resolve }));
  return { load, pending };
}

describe('image cache (SPEC §9)', () => {
  let now: number;
  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
  });
  afterEach(() => vi.useRealTimers());

  it('loads at most 5 at once, with a 10 s timeout each', async () => {
    const loader = manualLoader();
    const cache = new ImageCache({ timers: globalTimers, load: loader.load, now: () => now });
    for (let i = 0; i < 8; i++) cache.request(`/img/${i}.png`);
    expect(loader.pending).toHaveLength(5);
    expect(cache.loading).toBe(5);
    expect(loader.pending[0]?.timeoutMs).toBe(10_000);
    loader.pending[0]?.resolve(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(loader.pending).toHaveLength(6);
    expect(cache.peek('/img/0.png')?.status).toBe('loaded');
  });

  it('tries 3 times, 2 s then 4 s apart, and then shows as failed', async () => {
    const loader = manualLoader();
    const cache = new ImageCache({ timers: globalTimers, load: loader.load, now: () => now });
    const url = '/img/broken.png';
    cache.request(url);
    loader.pending.shift()?.resolve(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.peek(url)).toMatchObject({ status: 'retrying', attempts: 1 });
    await vi.advanceTimersByTimeAsync(1_999);
    expect(loader.pending).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(loader.pending).toHaveLength(1);
    loader.pending.shift()?.resolve(false);
    await vi.advanceTimersByTimeAsync(3_999);
    expect(loader.pending).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    loader.pending.shift()?.resolve(false);
    await vi.advanceTimersByTimeAsync(0);
    expect(cache.peek(url)).toMatchObject({ status: 'failed', attempts: 3 });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(loader.pending).toHaveLength(0);
  });

  it('keeps a picture 30 minutes; the 15-minute sweep forgets older ones', async () => {
    const loader = manualLoader();
    const cache = new ImageCache({ timers: globalTimers, load: loader.load, now: () => now });
    cache.start();
    cache.request('/a.png');
    loader.pending.shift()?.resolve(true);
    await vi.advanceTimersByTimeAsync(0);
    now = 29 * 60_000;
    cache.request('/a.png');
    expect(loader.pending).toHaveLength(0);
    now = 31 * 60_000;
    await vi.advanceTimersByTimeAsync(30 * 60_000); // two sweeps (15 and 30 min)
    expect(cache.peek('/a.png')).toBeUndefined();
    cache.request('/a.png');
    expect(loader.pending).toHaveLength(1);
    cache.stop();
  });

  it('tells the subscribers of a picture when it changes', async () => {
    const loader = manualLoader();
    const cache = new ImageCache({ timers: globalTimers, load: loader.load, now: () => now });
    const seen: string[] = [];
    const off = cache.subscribe('/b.png', () => seen.push(cache.peek('/b.png')?.status ?? '?'));
    cache.request('/b.png');
    loader.pending.shift()?.resolve(true);
    await vi.advanceTimersByTimeAsync(0);
    off();
    expect(seen).toEqual(['loading', 'loaded']);
  });

  it("the browser loader gives up after the timeout and stops the element's download", async () => {
    const image = { onload: null, onerror: null, src: '', decoding: 'auto' } as unknown as HTMLImageElement;
    const load = browserImageLoader(globalTimers, () => image);
    const result = load('http://cafe/slow.png', 10_000);
    expect(image.src).toBe('http://cafe/slow.png');
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(result).resolves.toBe(false);
    expect(image.src).toBe('');
  });
});
