/** SPEC §2 profile card, account details and tier benefits; the edit mode replaces the card. */
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { MessageKey } from '../../shared/i18n/en.js';
import type { User } from '../../shared/entities.js';
import { formatHoursMinutes } from '../../shared/format.js';
import { EditProfile } from './EditProfile.js';
import { shortDate, dateTime } from './levelView.js';

/** A label and the customer's own value; the value keeps its own direction (an English name in Arabic). */
function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="profile-row">
      <dt>{label}</dt>
      <dd data-testid={testId}>
        <bdi>{value}</bdi>
      </dd>
    </div>
  );
}

export function ProfileSummary({ user }: { user: User }) {
  const { t, i18n } = useTranslation();
  const [editing, setEditing] = useState(false);
  const name = user.displayName || user.username;
  const yesNo = (value: boolean) => (value ? t('profile.yes') : t('profile.no'));
  return (
    <>
      <section className="profile-card panel" aria-labelledby="profile-name">
        <div className="profile-card__head">
          {user.avatarUrl ? (
            <img className="profile-card__avatar" src={user.avatarUrl} alt="" />
          ) : (
            <div className="profile-card__avatar profile-card__avatar--initial" aria-hidden="true">
              {name.slice(0, 1).toUpperCase()}
            </div>
          )}
          <div className="profile-card__identity">
            {/* Issue 24: the whole name, in its own direction (in Arabic an English name was cut at its start). */}
            <h2 id="profile-name" className="profile-card__name" data-testid="profile-name">
              <bdi>{name}</bdi>
            </h2>
            <div className="profile-card__chips">
              <span className="chip">{accountTypeLabel(t, user.type)}</span>
              <span className="chip chip--accent" data-testid="profile-tier">
                {user.tier?.name ?? t('profile.noTier')}
              </span>
            </div>
            {user.createdAt && <p className="profile-card__since">{t('profile.memberSince', { date: shortDate(user.createdAt, i18n.language) })}</p>}
          </div>
          {!editing && (
            <button type="button" className="button button--ghost profile-card__edit" onClick={() => setEditing(true)}>
              <Pencil size={14} aria-hidden="true" /> {t('profile.edit')}
            </button>
          )}
        </div>
        {editing ? (
          <EditProfile user={user} onDone={() => setEditing(false)} />
        ) : (
          <dl className="profile-rows">
            <Row label={t('profile.username')} value={user.username} testId="profile-username" />
            <Row label={t('profile.email')} value={user.email ?? t('profile.notSet')} />
            <Row label={t('profile.phone')} value={user.phoneNumber ?? t('profile.notSet')} testId="profile-phone" />
          </dl>
        )}
      </section>

      <section className="panel" aria-labelledby="profile-details">
        <h2 id="profile-details" className="panel__title">
          {t('profile.details')}
        </h2>
        <dl className="profile-rows">
          <Row label={t('profile.lastLogin')} value={user.lastLoginAt ? dateTime(user.lastLoginAt, i18n.language) : t('profile.never')} />
          <Row label={t('profile.accountType')} value={accountTypeLabel(t, user.type)} />
          <Row label={t('profile.accountId')} value={user.id} />
          <Row label={t('profile.balance')} value={t('money.iqd', { amount: Math.round(user.balance).toLocaleString('en-US') })} testId="profile-balance" />
          <Row label={t('profile.freeTime')} value={formatHoursMinutes(user.protectedBalanceMinutes, i18n.language === 'ar' ? 'ar' : 'en')} />
        </dl>
      </section>

      {user.tier && (
        <section className="panel" aria-labelledby="profile-tier-benefits">
          <h2 id="profile-tier-benefits" className="panel__title">
            {t('profile.tierBenefits')} · {user.tier.name}
          </h2>
          {user.tier.description && <p className="panel__text">{user.tier.description}</p>}
          <dl className="profile-rows profile-rows--compact">
            <Row label={t('profile.xpMultiplier')} value={`×${user.tier.xpMultiplier}`} />
            <Row label={t('profile.rewardMultiplier')} value={`×${user.tier.rewardMultiplier}`} />
            <Row label={t('profile.canEarnRewards')} value={yesNo(user.tier.canEarnRewards)} />
            <Row label={t('profile.nfcAccess')} value={yesNo(user.tier.hasNfcAccess)} />
            <Row label={t('profile.canReserve')} value={yesNo(user.tier.canReserveStations)} />
            <Row label={t('profile.maxReservationHours')} value={String(user.tier.maxReservationHours)} />
          </dl>
        </section>
      )}
    </>
  );
}

const ACCOUNT_TYPES: Record<string, MessageKey> = {
  regular: 'accountType.regular',
  admin: 'accountType.admin',
  staff: 'accountType.staff',
  guest: 'accountType.guest',
  vip: 'accountType.vip',
};

/** An account type in the station's language (a type the station does not know is shown as the server wrote it). */
function accountTypeLabel(t: TFunction, type: string): string {
  const key = ACCOUNT_TYPES[type];
  return key ? t(key) : type;
}
