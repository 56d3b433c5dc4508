/** One friend of the Squad Hub: presence, where they are, mutual friends, ping and remove. */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PING_TYPES, type Friend } from '../../shared/entities.js';
import { translate } from '../core/i18n/uiMessage.js';
import type { SquadService } from './squadService.js';
import { useSquadStore } from './squadStore.js';

function statusText(friend: Friend, t: ReturnType<typeof useTranslation>['t'], language: string): string {
  switch (friend.status) {
    case 'playing':
      return friend.currentGame ? t('squad.status.playingGame', { game: friend.currentGame }) : t('squad.status.playing');
    case 'online':
      return t('squad.status.online');
    case 'invisible':
      return t('squad.status.invisible');
    default: {
      const seen = friend.lastSeen ? new Date(friend.lastSeen) : null;
      if (!seen || Number.isNaN(seen.getTime())) return t('squad.status.offline');
      const time = seen.toLocaleString(language, { dateStyle: 'short', timeStyle: 'short' });
      return t('squad.status.lastSeen', { time });
    }
  }
}

export function FriendRow({ squad, friend, mutual }: { squad: SquadService; friend: Friend; mutual: number }) {
  const { t, i18n } = useTranslation();
  const pingOpen = useSquadStore((s) => s.pingOpenFor === friend.id);
  const note = useSquadStore((s) => s.friendNotes[friend.id]);
  const busy = useSquadStore((s) => s.busy);
  const [confirming, setConfirming] = useState(false);
  const name = friend.displayName || friend.username;
  const where = [friend.cafeName, friend.brandName].filter(Boolean).join(' · ');
  const reachable = friend.status === 'online' || friend.status === 'playing';

  return (
    <li className="squad__row squad__friend" data-testid="squad-friend" data-status={friend.status}>
      <span className={`squad__dot squad__dot--${friend.status}`} aria-hidden="true" />
      <div className="squad__who">
        <span className="squad__name">{name}</span>
        <span className="squad__status" data-testid="squad-friend-status">
          {statusText(friend, t, i18n.language)}
        </span>
        {where && <span className="squad__meta">{where}</span>}
        {mutual > 0 && <span className="squad__meta">{t('squad.mutual', { count: mutual })}</span>}
      </div>
      <div className="squad__actions">
        {reachable && (
          <button type="button" className="button button--ghost" aria-expanded={pingOpen} onClick={() => squad.togglePing(friend.id)}>
            {t('squad.ping')}
          </button>
        )}
        {confirming ? (
          <>
            <button
              type="button"
              className="button squad__danger"
              disabled={busy}
              onClick={() => void squad.remove(friend.id).then(() => setConfirming(false))}
            >
              {t('squad.removeConfirm', { name })}
            </button>
            <button type="button" className="button button--ghost" onClick={() => setConfirming(false)}>
              {t('dialog.cancel')}
            </button>
          </>
        ) : (
          <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
            {t('squad.remove')}
          </button>
        )}
      </div>
      {pingOpen && reachable && (
        <div className="squad__ping" role="group" aria-label={t('squad.ping')}>
          {PING_TYPES.map((type) => (
            <button key={type} type="button" className="button button--ghost" onClick={() => void squad.ping(friend.id, type)}>
              {t(`squad.pingType.${type}`)}
            </button>
          ))}
        </div>
      )}
      {note && (
        <p className="squad__note" role="status" data-testid="squad-friend-note">
          {translate(t, note)}
        </p>
      )}
    </li>
  );
}
