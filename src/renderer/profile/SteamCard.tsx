/** SPEC §2 the Steam account card: link through the Steam sign-in popup, or unlink. */
import { PlatformIcon } from '../games/PlatformIcon.js';
import { useTranslation } from 'react-i18next';
import { FormError } from '../ui/FormError.js';
import { useProfile } from './services.js';
import { useProfileStore } from './profileStore.js';

export function SteamCard({ steamId }: { steamId: string | null }) {
  const { t } = useTranslation();
  const { steam } = useProfile();
  const state = useProfileStore((s) => s.steam);
  return (
    <section className="panel steam-card" aria-labelledby="steam-title" data-testid="steam-card">
      <h2 id="steam-title" className="panel__title">
        <span className="steam-card__logo" aria-hidden="true">
          <PlatformIcon platform={3} size={18} />
        </span>{' '}
        {t('steam.title')}
      </h2>
      <p className="panel__text" data-testid="steam-status">
        {steamId ? t('steam.linked', { steamId }) : t('steam.notLinked')}
      </p>
      <FormError error={state.error} />
      {steamId ? (
        <button type="button" className="button button--ghost" disabled={state.busy} onClick={() => void steam.unlink()}>
          {t('steam.unlink')}
        </button>
      ) : (
        <button type="button" className="button button--primary" disabled={state.busy} onClick={() => steam.start()}>
          {state.busy ? t('steam.linking') : t('steam.link')}
        </button>
      )}
    </section>
  );
}
