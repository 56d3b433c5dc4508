/** SPEC §2 Profile screen (/user-profile): the whole page, its panels in two columns. */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { selectSession, useSessionStore } from '../session/sessionStore.js';
import { FormError } from '../ui/FormError.js';
import { HistoryPanel } from './HistoryPanel.js';
import { useProfile } from './services.js';
import { NfcCardsCard } from './NfcCardsCard.js';
import { PrepaidPanel } from './PrepaidPanel.js';
import { ProfileSummary } from './ProfileSummary.js';
import { useProfileStore } from './profileStore.js';
import { ClaimedRewards, LevelPanel, RewardsPanel } from './RewardsPanels.js';
import { SteamCard } from './SteamCard.js';
import { HeldPackages } from '../store/PackagesSection.js';
import { WaitingOrders } from './WaitingOrders.js';
import './profile.css';

export function ProfileScreen() {
  const { t } = useTranslation();
  const { profile } = useProfile();
  const navigate = useNavigate();
  const session = useSessionStore(selectSession);
  const status = useProfileStore((s) => s.status);
  const error = useProfileStore((s) => s.error);
  const refreshing = useProfileStore((s) => s.refreshing);
  const user = useProfileStore((s) => s.user);
  const sessionId = session?.sessionId ?? null;
  const isGuest = session?.isGuest ?? false;

  useEffect(() => {
    if (!sessionId || isGuest) return;
    void profile.load('load');
    return () => profile.clear();
  }, [profile, sessionId, isGuest]);

  // SPEC §2/§6: no profile for guests.
  if (isGuest) return <Navigate to="/dashboard" replace />;
  if (!session) return null;
  return (
    <div className="profile" data-testid="profile-screen">
      <header className="profile__bar">
        <button type="button" className="button button--ghost" onClick={() => void navigate('/dashboard')}>
          <span aria-hidden="true" className="profile__back-arrow">
            ←
          </span>{' '}
          {t('profile.back')}
        </button>
        <h1 className="profile__title">{t('profile.title')}</h1>
        <button
          type="button"
          className="button button--ghost"
          onClick={() => void profile.load('refresh')}
          disabled={status === 'loading' || refreshing}
        >
          <span aria-hidden="true">⟳</span> {t('profile.refresh')}
        </button>
      </header>
      {status === 'loading' && !user && <p className="profile__loading">{t('profile.loading')}</p>}
      {error && <FormError error={error} />}
      {user && (
        <main className="profile__grid">
          <div className="profile__column">
            <ProfileSummary user={user} />
            <PrepaidPanel />
            <HeldPackages load />
            <WaitingOrders />
            <SteamCard steamId={user.steamId} />
            {!user.isGuest && <NfcCardsCard />}
          </div>
          <div className="profile__column">
            <LevelPanel user={user} />
            <RewardsPanel />
            <ClaimedRewards claims={user.claimedRewards} />
            <HistoryPanel />
          </div>
        </main>
      )}
    </div>
  );
}
