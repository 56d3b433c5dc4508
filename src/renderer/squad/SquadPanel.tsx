/** SPEC §2 Squad Hub: the folding panel in the dashboard's bottom corner (non-guests only). */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isValidFriendCode } from '../../shared/validation/social.js';
import { translate } from '../core/i18n/uiMessage.js';
import { FriendRow } from './FriendRow.js';
import type { SquadService } from './squadService.js';
import { useSquad } from './useSquad.js';
import { requesterOf, selectPendingCount, useSquadStore } from './squadStore.js';
import './squad.css';

export function SquadPanel() {
  const squad = useSquad();
  const { t } = useTranslation();
  const status = useSquadStore((s) => s.status);
  const collapsed = useSquadStore((s) => s.collapsed);
  const pending = useSquadStore(selectPendingCount);

  useEffect(() => {
    if (squad) void squad.open();
  }, [squad]);

  if (!squad || status === 'off') return null;
  return (
    <aside className={`squad${collapsed ? ' squad--collapsed' : ''}`} data-testid="squad-panel" aria-label={t('squad.title')}>
      <header className="squad__header">
        <h2 className="squad__title">{t('squad.title')}</h2>
        {pending > 0 && (
          <span className="squad__badge" data-testid="squad-badge" aria-label={t('squad.pendingLabel', { count: pending })}>
            {pending > 9 ? '9+' : pending}
          </span>
        )}
        <button type="button" className="button button--ghost squad__fold" onClick={() => squad.toggleCollapsed()} aria-expanded={!collapsed}>
          {collapsed ? t('squad.show') : t('squad.hide')}
        </button>
      </header>
      {!collapsed && <SquadBody squad={squad} />}
      {!collapsed && status === 'error' && (
        <p className="squad__error" role="alert">
          {t('squad.loadFailed')}{' '}
          <button type="button" className="button button--ghost" onClick={() => void squad.load()}>
            {t('squad.retry')}
          </button>
        </p>
      )}
    </aside>
  );
}

function SquadBody({ squad }: { squad: SquadService }) {
  const { t } = useTranslation();
  const friendCode = useSquadStore((s) => s.friendCode);
  const presence = useSquadStore((s) => s.presence);
  const friends = useSquadStore((s) => s.friends);
  const requests = useSquadStore((s) => s.requests);
  const mutual = useSquadStore((s) => s.mutual);
  const addError = useSquadStore((s) => s.addError);
  const busy = useSquadStore((s) => s.busy);
  const [code, setCode] = useState('');
  const valid = isValidFriendCode(code);

  return (
    <div className="squad__body">
      <section className="squad__me">
        <span className="squad__label">{t('squad.myCode')}</span>
        <code className="squad__code" dir="ltr" data-testid="squad-my-code">
          {friendCode ?? '…'}
        </code>
        <button type="button" className="button button--ghost" disabled={!friendCode} onClick={() => void squad.copyCode()}>
          {t('squad.copy')}
        </button>
        <label className="squad__invisible">
          <input
            type="checkbox"
            checked={presence === 'invisible'}
            onChange={(e) => void squad.setPresence(e.target.checked ? 'invisible' : 'online')}
          />
          {t('squad.appearOffline')}
        </label>
      </section>

      <form
        className="squad__add"
        onSubmit={(e) => {
          e.preventDefault();
          void squad.addFriend(code).then((sent) => sent && setCode(''));
        }}
      >
        <input
          className="field__input squad__code-input"
          dir="ltr"
          inputMode="numeric"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
          placeholder={t('squad.codeLabel')}
          aria-label={t('squad.codeLabel')}
        />
        <button type="submit" className="button button--primary" disabled={!valid || busy}>
          {t('squad.add')}
        </button>
        {addError && (
          <p className="squad__error" role="alert">
            {translate(t, addError)}
          </p>
        )}
      </form>

      {requests.length > 0 && (
        <section className="squad__section">
          <h3 className="squad__heading">{t('squad.requestsCount', { count: requests.length })}</h3>
          <ul className="squad__list">
            {requests.map((request) => {
              const requester = requesterOf(request) ?? '';
              return (
                <li key={request.id} className="squad__row" data-testid="squad-request">
                  <div className="squad__who">
                    <span className="squad__name">{request.displayName || request.username}</span>
                    <span className="squad__meta" dir="ltr">@{request.username}</span>
                    {(mutual[requester] ?? 0) > 0 && (
                      <span className="squad__meta">{t('squad.mutual', { count: mutual[requester] })}</span>
                    )}
                  </div>
                  <div className="squad__actions">
                    <button type="button" className="button button--primary" disabled={busy} onClick={() => void squad.answer(request.id, true)}>
                      {t('squad.accept')}
                    </button>
                    <button type="button" className="button button--ghost" disabled={busy} onClick={() => void squad.answer(request.id, false)}>
                      {t('squad.decline')}
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
        </section>
      )}

      <section className="squad__section">
        <h3 className="squad__heading">{t('squad.friendsCount', { count: friends.length })}</h3>
        {friends.length === 0 ? (
          <p className="squad__empty">{t('squad.noFriends')}</p>
        ) : (
          <ul className="squad__list">
            {friends.map((friend) => (
              <FriendRow key={friend.id} squad={squad} friend={friend} mutual={mutual[friend.id] ?? 0} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
