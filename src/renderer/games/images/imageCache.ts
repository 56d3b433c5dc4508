/**
 * SPEC §9 image cache, §8 images: a picture is loaded once and remembered for
 * 30 minutes (a sweep every 15 minutes forgets older ones); at most 5 load at
 * once; a load that fails or takes more than 10 s is tried again after 2 s,
 * then 4 s — three attempts in all — and then shows as failed (the card keeps
 * its default icon and shows 'Failed to load').
 */
import {
  IMAGE_CACHE_CLEANUP_MS,
  IMAGE_CACHE_MS,
  IMAGE_LOAD_TIMEOUT_MS,
  IMAGE_MAX_CONCURRENT_LOADS,
  IMAGE_MAX_RETRIES,
  IMAGE_RETRY_BASE_DELAY_MS,
} from '../../../shared/constants.js';
import type { Timers, TimerId } from '../../core/time/timers.js';

export type ImageStatus = 'loading' | 'retrying' | 'loaded' | 'failed';

export interface ImageState {
  status: ImageStatus;
  /** Attempts made so far. */
  attempts: number;
  /** When it loaded (or finally failed), for the 30 min expiry. */
  at: number;
}

/** Loads one picture; resolves true when it loaded. The element is the browser's `Image`. */
export type ImageLoader = (url: string, timeoutMs: number) => Promise<boolean>;

export function browserImageLoader(timers: Timers, create: () => HTMLImageElement = () => new Image()): ImageLoader {
  return (url, timeoutMs) =>
    new Promise<boolean>((resolve) => {
      const image = create();
      let timer: TimerId | null = null;
      const done = (ok: boolean) => {
        if (timer !== null) timers.clearTimeout(timer);
        timer = null;
        image.onload = null;
        image.onerror = null;
        if (!ok) image.src = '';
        resolve(ok);
      };
      image.onload = () => done(true);
      image.onerror = () => done(false);
      timer = timers.setTimeout(() => done(false), timeoutMs);
      image.decoding = 'async';
      image.src = url;
    });
}

export interface ImageCacheDeps {
  timers: Timers;
  load: ImageLoader;
  now?: () => number;
}

export class ImageCache {
  private readonly entries = new Map<string, ImageState>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly queue: string[] = [];
  private readonly retries = new Map<string, TimerId>();
  private active = 0;
  private sweep: TimerId | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: ImageCacheDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The picture's state now (a stable object until it changes), or undefined if never asked for. */
  peek(url: string): ImageState | undefined {
    return this.entries.get(url);
  }

  /** Ask for a picture: loads it unless it is cached (and younger than 30 min) or on its way. */
  request(url: string): void {
    const entry = this.entries.get(url);
    if (entry && (entry.status === 'loading' || entry.status === 'retrying')) return;
    if (entry && this.now() - entry.at <= IMAGE_CACHE_MS) return;
    this.set(url, { status: 'loading', attempts: 0, at: this.now() });
    this.enqueue(url);
  }

  subscribe(url: string, listener: () => void): () => void {
    let set = this.listeners.get(url);
    if (!set) this.listeners.set(url, (set = new Set()));
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(url);
    };
  }

  /** How many loads are in flight (at most 5). */
  get loading(): number {
    return this.active;
  }

  start(): void {
    if (this.sweep !== null) return;
    this.sweep = this.deps.timers.setInterval(() => this.cleanup(), IMAGE_CACHE_CLEANUP_MS);
  }

  stop(): void {
    if (this.sweep !== null) this.deps.timers.clearInterval(this.sweep);
    this.sweep = null;
    for (const timer of this.retries.values()) this.deps.timers.clearTimeout(timer);
    this.retries.clear();
    this.queue.length = 0;
  }

  /** Forget pictures older than 30 min (those loading stay). */
  cleanup(): void {
    const now = this.now();
    for (const [url, entry] of this.entries) {
      if ((entry.status === 'loaded' || entry.status === 'failed') && now - entry.at > IMAGE_CACHE_MS) {
        this.entries.delete(url);
      }
    }
  }

  clear(): void {
    this.stop();
    this.entries.clear();
  }

  private enqueue(url: string): void {
    this.queue.push(url);
    this.pump();
  }

  private pump(): void {
    while (this.active < IMAGE_MAX_CONCURRENT_LOADS && this.queue.length > 0) {
      const url = this.queue.shift() as string;
      this.active += 1;
      void this.attempt(url);
    }
  }

  private async attempt(url: string): Promise<void> {
    let ok = false;
    try {
      ok = await this.deps.load(url, IMAGE_LOAD_TIMEOUT_MS);
    } catch {
      ok = false;
    }
    this.active -= 1;
    const attempts = (this.entries.get(url)?.attempts ?? 0) + 1;
    if (ok) {
      this.set(url, { status: 'loaded', attempts, at: this.now() });
    } else if (attempts >= IMAGE_MAX_RETRIES) {
      this.set(url, { status: 'failed', attempts, at: this.now() });
    } else {
      this.set(url, { status: 'retrying', attempts, at: this.now() });
      const delay = IMAGE_RETRY_BASE_DELAY_MS * 2 ** (attempts - 1);
      this.retries.set(
        url,
        this.deps.timers.setTimeout(() => {
          this.retries.delete(url);
          this.enqueue(url);
        }, delay),
      );
    }
    this.pump();
  }

  private set(url: string, state: ImageState): void {
    this.entries.set(url, state);
    for (const listener of this.listeners.get(url) ?? []) listener();
  }
}
