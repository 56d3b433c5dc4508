/** SPEC §2: a full-screen background video when the cafe configured one, else the dark gradient. */
import { useEffect, useMemo, useState } from 'react';
import { mediaBackgroundVideo } from '../../shared/api/routes.js';
import { useServices } from '../app/ServicesContext.js';
import { BackgroundVideoCache, type VideoSource } from '../core/media/backgroundVideo.js';

let shared: BackgroundVideoCache | null = null;

export function LoginBackground() {
  const { api, connection } = useServices();
  const cache = useMemo(() => {
    shared ??= new BackgroundVideoCache({
      fetch: async () => (await api.call(mediaBackgroundVideo)).video,
      resolveUrl: (path) => api.resolveUrl(path),
    });
    return shared;
  }, [api]);
  const [video, setVideo] = useState<VideoSource | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    const load = () =>
      void cache.get().then((next) => {
        if (!live) return;
        setFailed(false);
        setVideo(next);
      });
    load();
    const off = connection?.on?.('mediaUpdated', (payload) => {
      if (payload.type !== 'background_video') return;
      cache.invalidate();
      load();
    });
    return () => {
      live = false;
      off?.();
    };
  }, [cache, connection]);

  return (
    <>
      <div className="login__orb login__orb--a" aria-hidden="true" />
      <div className="login__orb login__orb--b" aria-hidden="true" />
      {video && !failed && (
        <video
          className="login__video"
          key={video.src}
          autoPlay
          muted
          loop
          playsInline
          aria-hidden="true"
          onError={() => setFailed(true)}
          data-testid="background-video"
        >
          <source src={video.src} type={video.type} onError={() => setFailed(true)} />
        </video>
      )}
    </>
  );
}
