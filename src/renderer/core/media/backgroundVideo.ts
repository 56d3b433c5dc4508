/**
 * SPEC §2/§4/§9 background video: GET /cafe-settings/media/background-video,
 * cached 30 minutes; the video itself is also kept on disk with the time it
 * was saved (a VideoDiskStore), so a station restarted within the 30
 * minutes plays it without downloading it again. A mediaUpdated event of
 * type background_video invalidates both and re-fetches. Errors are ignored
 * (SPEC §8): the screen keeps the dark gradient.
 */
import { MEDIA_CACHE_MS } from '../../../shared/constants.js';
import type { VideoDiskStore } from './videoDiskStore.js';

export interface BackgroundVideoDeps {
  /** The media endpoint's video, or null when none is configured. */
  fetch(): Promise<{ downloadUrl: string; mimeType: string } | null>;
  resolveUrl(path: string): string;
  now?: () => number;
  /** Keeps the file across restarts; without it the video streams from the server. */
  disk?: VideoDiskStore;
  /** Download the file (fresh, past the HTTP cache). */
  download?: (url: string) => Promise<Blob>;
  /** A playable address for a saved file (URL.createObjectURL) and its release. */
  objectUrl?: { create(blob: Blob): string; revoke(url: string): void };
}

export interface VideoSource {
  src: string;
  type: string;
}

export class BackgroundVideoCache {
  private cached: { at: number; value: VideoSource | null } | null = null;
  private objectUrl: string | null = null;
  private pending: Promise<VideoSource | null> | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: BackgroundVideoDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The video to play, or null for the gradient. Never throws; callers at the same time share one download. */
  get(): Promise<VideoSource | null> {
    if (this.fresh(this.cached?.at)) return Promise.resolve(this.cached?.value ?? null);
    this.pending ??= this.load().finally(() => {
      this.pending = null;
    });
    return this.pending;
  }

  private async load(): Promise<VideoSource | null> {
    const saved = await this.readDisk();
    if (saved) return saved;
    try {
      const video = await this.deps.fetch();
      const value = video ? await this.keep(this.deps.resolveUrl(video.downloadUrl), video.mimeType) : null;
      if (!video) await this.deps.disk?.clear().catch(() => undefined);
      this.cached = { at: this.now(), value };
      return value;
    } catch {
      return this.cached?.value ?? null;
    }
  }

  /** Drop the answer and the saved file (mediaUpdated). */
  async invalidate(): Promise<void> {
    this.cached = null;
    this.releaseObjectUrl();
    await this.deps.disk?.clear().catch(() => undefined);
  }

  private fresh(at: number | undefined): boolean {
    return at !== undefined && this.now() - at < MEDIA_CACHE_MS;
  }

  /** The file saved on disk within the last 30 minutes, if any. */
  private async readDisk(): Promise<VideoSource | null> {
    const { disk, objectUrl } = this.deps;
    if (!disk || !objectUrl) return null;
    try {
      const saved = await disk.read();
      if (!saved || !this.fresh(saved.savedAt)) return null;
      const value = { src: this.use(objectUrl.create(saved.blob)), type: saved.mimeType };
      this.cached = { at: saved.savedAt, value };
      return value;
    } catch {
      return null;
    }
  }

  /** Download the file once and keep it; stream it from the server if that fails. */
  private async keep(url: string, mimeType: string): Promise<VideoSource> {
    const { disk, download, objectUrl } = this.deps;
    if (disk && download && objectUrl) {
      try {
        const blob = await download(url);
        await disk.write({ savedAt: this.now(), mimeType, blob });
        return { src: this.use(objectUrl.create(blob)), type: mimeType };
      } catch {
        // Streaming still works.
      }
    }
    return { src: url, type: mimeType };
  }

  private use(url: string): string {
    this.releaseObjectUrl();
    this.objectUrl = url;
    return url;
  }

  private releaseObjectUrl(): void {
    if (this.objectUrl) this.deps.objectUrl?.revoke(this.objectUrl);
    this.objectUrl = null;
  }
}
