/**
 * SPEC §2/§4 background video: GET /cafe-settings/media/background-video,
 * cached 30 minutes; a mediaUpdated event of type background_video
 * invalidates and re-fetches. Errors are ignored (SPEC §8): the screen keeps
 * the dark gradient.
 */
import { MEDIA_CACHE_MS } from '../../../shared/constants.js';

export interface BackgroundVideoDeps {
  /** The media endpoint's video, or null when none is configured. */
  fetch(): Promise<{ downloadUrl: string; mimeType: string } | null>;
  resolveUrl(path: string): string;
  now?: () => number;
}

export interface VideoSource {
  src: string;
  type: string;
}

export class BackgroundVideoCache {
  private cached: { at: number; value: VideoSource | null } | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: BackgroundVideoDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The video to play, or null for the gradient. Never throws. */
  async get(): Promise<VideoSource | null> {
    if (this.cached && this.now() - this.cached.at < MEDIA_CACHE_MS) return this.cached.value;
    try {
      const video = await this.deps.fetch();
      const value = video ? { src: this.deps.resolveUrl(video.downloadUrl), type: video.mimeType } : null;
      this.cached = { at: this.now(), value };
      return value;
    } catch {
      return this.cached?.value ?? null;
    }
  }

  invalidate(): void {
    this.cached = null;
  }
}
