/**
 * The cafe's media (SPEC §4): one cache per medium, shared by every screen
 * that shows it (the logo in the top bar and on the lock screen, the video
 * behind the login screen), and invalidated by the server's mediaUpdated.
 */
import { mediaBackgroundVideo, mediaLogo } from '../../../shared/api/media.js';
import type { ApiClient } from '../api/httpClient.js';
import type { ConnectionService } from '../connection/connectionService.js';
import { BackgroundVideoCache, type BackgroundVideoDeps, type VideoSource } from './backgroundVideo.js';
import { LogoCache } from './logo.js';

export interface MediaServiceDeps {
  api: Pick<ApiClient, 'call' | 'resolveUrl'>;
  connection: Pick<ConnectionService, 'on'>;
  /** Keeping the video on disk (the running app gives Cache Storage; tests leave it out). */
  video?: Pick<BackgroundVideoDeps, 'disk' | 'download' | 'objectUrl' | 'now'>;
  now?: () => number;
}

type MediaType = 'logo' | 'background_video';

export class MediaService {
  readonly backgroundVideo: BackgroundVideoCache;
  readonly logo: LogoCache;

  constructor(private readonly deps: MediaServiceDeps) {
    this.backgroundVideo = new BackgroundVideoCache({
      fetch: async () => (await deps.api.call(mediaBackgroundVideo)).video,
      resolveUrl: (path) => deps.api.resolveUrl(path),
      ...deps.video,
    });
    this.logo = new LogoCache({
      fetch: async () => (await deps.api.call(mediaLogo)).logo,
      resolveUrl: (path) => deps.api.resolveUrl(path),
      ...(deps.now ? { now: deps.now } : {}),
    });
  }

  /** The background video now, and again after each background_video update. Returns the stop function. */
  followBackgroundVideo(onVideo: (video: VideoSource | null) => void): () => void {
    return this.follow('background_video', () => this.backgroundVideo.get(), () => this.backgroundVideo.invalidate(), onVideo);
  }

  /** The logo's address (null: none or inactive) now, and again after each logo update. Returns the stop function. */
  followLogo(onLogo: (src: string | null) => void): () => void {
    return this.follow('logo', () => this.logo.get(), () => this.logo.invalidate(), onLogo);
  }

  private follow<T>(type: MediaType, get: () => Promise<T>, invalidate: () => unknown, on: (value: T) => void): () => void {
    let live = true;
    let latest = 0;
    const load = () => {
      const request = ++latest;
      void get().then((value) => {
        if (live && request === latest) on(value);
      });
    };
    load();
    const off = this.deps.connection.on('mediaUpdated', (payload) => {
      if (payload.type !== type) return;
      void Promise.resolve(invalidate()).then(load);
    });
    return () => {
      live = false;
      off();
    };
  }
}
