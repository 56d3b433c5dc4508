/** SPEC §2 startup/splash screen. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router-dom';
import { SPLASH_MESSAGE_KEYS } from '../../shared/i18n/en.js';
import { useStartupStore } from './startupStore.js';
import { BrandTitle } from '../ui/BrandTitle.js';
import { SPLASH_PROGRESS_MAX } from './splashController.js';
import { splashTarget, useSplash } from './useSplash.js';
import './splash.css';

export function SplashScreen() {
  // Once the app is ready, coming back to '/' (e.g. from an unknown path)
  // skips straight on. Read once: the splash itself makes the app ready.
  const [readyOnArrival] = useState(() => useStartupStore.getState().ready);
  if (readyOnArrival) return <Navigate to={splashTarget()} replace />;
  return <Splash />;
}

function Splash() {
  const { t } = useTranslation();
  const { progress, messageIndex } = useSplash();
  const messageKey = SPLASH_MESSAGE_KEYS[messageIndex] ?? 'splash.loading.0';
  return (
    <main className="backdrop splash" data-testid="splash-screen">
      <div className="splash__glow" aria-hidden="true" />
      <div className="splash__content">
        <BrandTitle className="splash__title" />
        <div
          className="splash__bar"
          role="progressbar"
          aria-label={t('splash.progressLabel')}
          aria-valuemin={0}
          aria-valuemax={SPLASH_PROGRESS_MAX}
          aria-valuenow={progress}
          data-testid="splash-progress"
        >
          <div className="splash__fill" style={{ inlineSize: `${progress}%` }} />
        </div>
        <div className="splash__meta">
          <p className="splash__message" data-testid="splash-message" aria-live="polite">
            {t(messageKey)}
          </p>
          <span className="splash__percent">{progress}%</span>
        </div>
      </div>
    </main>
  );
}
