/** SPEC §2: a full-screen background video when the cafe configured one, else the dark gradient. */
import { useEffect, useState } from 'react';
import type { VideoSource } from '../core/media/backgroundVideo.js';
import { useFrontDoor } from './index.js';

export function LoginBackground() {
  const { media } = useFrontDoor();
  const [video, setVideo] = useState<VideoSource | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(
    () =>
      media.followBackgroundVideo((next) => {
        setFailed(false);
        setVideo(next);
      }),
    [media],
  );

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
