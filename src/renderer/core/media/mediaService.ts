/**
 * The cafe's media (SPEC §4): one cache per medium, shared by every screen
 * that shows it, and invalidated by the server's mediaUpdated event.
 */
import { mediaBackgroundVideo } from '../../../shared/api/media.js';
import type { ApiClient } from '../api/httpClient.js';
import type { ConnectionService } from '../connection/connectionService.js';
import { BackgroundVideoCache, type VideoSource } from './backgroundVideo.js';

export interface MediaServiceDeps {
  api: Pick<ApiClient, 'call' | 'resolveUrl'>;
  connection: Pick<ConnectionService, 'on'>;
}

export class MediaService {
  readonly backgroundVideo: BackgroundVideoCache;

  constructor(private readonly deps: MediaServiceDeps) {
    this.backgroundVideo = new BackgroundVideoCache({
      fetch: async () => (await deps.api.call(mediaBackgroundVideo)).video,
      resolveUrl: (path) => deps.api.resolveUrl(path),
    });
  }

  /** The background video now, and again after each background_video update. Returns the stop function. */
  followBackgroundVideo(onVideo: (video: VideoSource | null) => void): () => void {
    let live = true;
    const load = () =>
      void this.backgroundVideo.get().then((video) => {
        if (live) onVideo(video);
      });
    load();
    const off = this.deps.connection.on('mediaUpdated', (payload) => {
      if (payload.type !== 'background_video') return;
      this.backgroundVideo.invalidate();
      load();
    });
    return () => {
      live = false;
      off();
    };
  }
}
