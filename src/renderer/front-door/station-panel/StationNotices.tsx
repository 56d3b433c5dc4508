/** SPEC §2: the active announcement and the active WiFi QR from the station details. */
import { useTranslation } from 'react-i18next';
import { useStationStore } from '../../station/stationStore.js';

/** qrCodeBase64 is plain base64 PNG. */
export function wifiQrSrc(base64: string): string {
  return base64.startsWith('data:') ? base64 : `data:image/png;base64,${base64}`;
}

export function StationNotices() {
  const { t } = useTranslation();
  const announcement = useStationStore((s) => s.details?.announcement ?? null);
  const wifi = useStationStore((s) => s.details?.wifiQR ?? null);
  const showAnnouncement = announcement?.isActive === true;
  const showWifi = wifi?.isActive === true && Boolean(wifi.qrCodeBase64);
  if (!showAnnouncement && !showWifi) return null;
  return (
    <div className="station-notices">
      {showAnnouncement && (
        <section className="notice notice--announcement" data-testid="announcement" aria-labelledby="announcement-title">
          <span className="notice__eyebrow">{t('login.announcement')}</span>
          {/* The cafe's own words, in whatever language staff wrote them: their own direction (a full stop stays at the end). */}
          <h2 className="notice__title" id="announcement-title" dir="auto">
            {announcement.title}
          </h2>
          <p className="notice__text" dir="auto">
            {announcement.message}
          </p>
        </section>
      )}
      {showWifi && (
        <section className="notice notice--wifi" data-testid="wifi-qr">
          <img className="notice__qr" src={wifiQrSrc(wifi.qrCodeBase64)} alt={t('login.wifi')} width={112} height={112} />
          <div>
            <span className="notice__eyebrow">{t('login.wifi')}</span>
            <p className="notice__text">{t('login.wifiHint')}</p>
          </div>
        </section>
      )}
    </div>
  );
}
