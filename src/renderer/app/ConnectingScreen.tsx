/** SPEC §2: shown while the initial station setup is incomplete. */
import { useTranslation } from 'react-i18next';
import { BrandTitle } from '../ui/BrandTitle.js';
import './app.css';

export function ConnectingScreen() {
  const { t } = useTranslation();
  return (
    <main className="backdrop connecting" data-testid="connecting-screen">
      <BrandTitle className="connecting__brand" />
      <div className="spinner" aria-hidden="true" />
      <p className="connecting__text" role="status">
        {t('splash.connecting')}
      </p>
    </main>
  );
}
