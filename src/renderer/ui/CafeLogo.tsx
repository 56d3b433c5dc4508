/** The cafe's logo (SPEC §2/§4), shown only while the cafe has an active one; follows mediaUpdated. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MediaService } from '../core/media/mediaService.js';

export function CafeLogo({ media, className }: { media: Pick<MediaService, 'followLogo'>; className?: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(
    () =>
      media.followLogo((next) => {
        setFailed(false);
        setSrc(next);
      }),
    [media],
  );
  if (!src || failed) return null;
  return (
    <img
      className={`cafe-logo${className ? ` ${className}` : ''}`}
      src={src}
      alt={t('topbar.cafeLogo')}
      onError={() => setFailed(true)}
      data-testid="cafe-logo"
    />
  );
}
