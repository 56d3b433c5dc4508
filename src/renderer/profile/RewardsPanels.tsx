/**
 * SPEC §2 Level/XP panel, available rewards (locked ones show what is
 * missing) and event rewards, the claim confirmation, the claimed rewards.
 */
import { Gift, Lock, Star } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClaimedReward, EventReward, Reward, User } from '../../shared/entities.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { useProfile } from './services.js';
import { levelView, shortDate } from './levelView.js';
import { useProfileStore } from './profileStore.js';

export function LevelPanel({ user }: { user: User }) {
  const { t } = useTranslation();
  const progress = useProfileStore((s) => s.progress);
  const view = levelView(progress ?? { xp: user.xp, level: user.level, levelProgress: null });
  return (
    <section className="panel level-panel" aria-labelledby="level-title" data-testid="level-panel">
      <h2 id="level-title" className="panel__title">
        {t('profile.levelTitle')}
      </h2>
      <div className="level-panel__head">
        <span className="level-panel__level">{t('profile.level', { level: view.level })}</span>
        <span className="level-panel__xp" data-testid="profile-xp">
          {t('profile.xp', { xp: view.xp.toLocaleString('en-US') })}
        </span>
      </div>
      <div className="level-panel__bar" role="progressbar" aria-valuemin={0} aria-valuemax={100} aria-valuenow={view.percent}>
        <div className="level-panel__fill" style={{ inlineSize: `${view.percent}%` }} />
      </div>
      <div className="level-panel__foot">
        <span>{t('profile.levelProgress', { current: view.currentLevelXp, next: view.nextLevelXp })}</span>
        <span>{t('profile.xpToNext', { xp: view.xpToNextLevel, level: view.level + 1 })}</span>
      </div>
      {/* Issue 24: the headline is the XP to spend, the bar the XP earned; one rule, said once. */}
      <p className="level-panel__rule" data-testid="xp-rule">
        {t('profile.xpRule')}
      </p>
    </section>
  );
}

type Claimable = { reward: Reward | EventReward; event: boolean };

function RewardRow({ reward, event, onClaim }: { reward: Reward | EventReward; event: boolean; onClaim(): void }) {
  const { t, i18n } = useTranslation();
  const claiming = useProfileStore((s) => s.claiming === reward.id);
  const locked = !reward.isEligible;
  return (
    <li className={`reward${locked ? ' reward--locked' : ''}`} data-testid="reward">
      <div className="reward__icon" aria-hidden="true">
        {locked ? <Lock size={18} /> : event ? <Star size={18} /> : <Gift size={18} />}
      </div>
      <div className="reward__body">
        <span className="reward__name" dir="auto">
          {reward.name}
        </span>
        <span className="reward__description" dir="auto">
          {reward.description}
        </span>
        {'benefit' in reward && (
          <span className="reward__meta">
            {t('rewards.benefit', { benefit: reward.benefit })} · {t('rewards.endsOn', { date: shortDate(reward.endDate, i18n.language) })}
          </span>
        )}
        {locked && (
          <span className="reward__missing">
            {reward.xpNeeded > 0 ? t('rewards.locked', { xp: reward.xpNeeded.toLocaleString('en-US') }) : t('rewards.unavailable')}
          </span>
        )}
      </div>
      <div className="reward__side">
        <span className="reward__cost">{t('rewards.cost', { xp: reward.requiredXp.toLocaleString('en-US') })}</span>
        <button type="button" className="button button--primary button--small" disabled={locked || claiming} onClick={onClaim}>
          {claiming ? t('rewards.claiming') : t('rewards.claim')}
        </button>
      </div>
    </li>
  );
}

export function RewardsPanel() {
  const { t } = useTranslation();
  const { profile } = useProfile();
  const progress = useProfileStore((s) => s.progress);
  const [confirm, setConfirm] = useState<Claimable | null>(null);
  const [busy, setBusy] = useState(false);
  const rewards = progress?.allRewards ?? [];
  const events = progress?.allEventRewards ?? [];

  const onConfirm = async () => {
    if (!confirm) return;
    setBusy(true);
    await profile.claim(confirm.reward.id, confirm.event);
    setBusy(false);
    setConfirm(null);
  };

  return (
    <section className="panel" aria-labelledby="rewards-title">
      <h2 id="rewards-title" className="panel__title">
        {t('rewards.title')}
      </h2>
      {rewards.length === 0 && events.length === 0 ? (
        <p className="panel__empty">{t('rewards.empty')}</p>
      ) : (
        <ul className="rewards">
          {rewards.map((reward) => (
            <RewardRow key={reward.id} reward={reward} event={false} onClaim={() => setConfirm({ reward, event: false })} />
          ))}
        </ul>
      )}
      {events.length > 0 && (
        <>
          <h3 className="panel__subtitle">{t('rewards.eventsTitle')}</h3>
          <ul className="rewards">
            {events.map((reward) => (
              <RewardRow key={reward.id} reward={reward} event onClaim={() => setConfirm({ reward, event: true })} />
            ))}
          </ul>
        </>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={t('rewards.confirmTitle')}
        description={confirm ? t('rewards.confirm', { name: confirm.reward.name, xp: confirm.reward.requiredXp }) : ''}
        busy={busy}
        onConfirm={() => void onConfirm()}
        onCancel={() => setConfirm(null)}
      />
    </section>
  );
}

export function ClaimedRewards({ claims }: { claims: ClaimedReward[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section className="panel" aria-labelledby="claims-title">
      <h2 id="claims-title" className="panel__title">
        {t('rewards.claimedTitle')}
      </h2>
      {claims.length === 0 ? (
        <p className="panel__empty">{t('rewards.noClaims')}</p>
      ) : (
        <ul className="claims" data-testid="claimed-rewards">
          {claims.map((claim) => (
            <li key={claim.id} className="claim">
              <span className="claim__name" dir="auto">
                {claim.rewardDescription}
              </span>
              <span className="claim__date">{shortDate(claim.createdAt, i18n.language)}</span>
              <span className={`claim__status claim__status--${claim.status.toLowerCase()}`}>{t(`rewards.status.${claim.status}`)}</span>
              <span className="claim__xp">{t('rewards.cost', { xp: claim.xpSpent.toLocaleString('en-US') })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
