/**
 * SPEC §2 game modal, §4/§5 centre accounts: the accounts of one platform,
 * sorted by number, free or busy, with Refresh and Use.
 */
import { useTranslation } from 'react-i18next';
import { platformName } from '../../../shared/catalog/platforms.js';
import { translate } from '../../core/i18n/uiMessage.js';
import { isBusy, isOwn } from '../accounts/accountRules.js';
import { useAccountsStore } from '../accounts/accountsStore.js';
import { useGamesStore } from '../gamesStore.js';
import { entryFor, type LibraryGame } from '../library/library.js';
import { useGamesTab } from '../tab/gamesTab.js';

export function AccountList({ game, platform, sessionId }: { game: LibraryGame; platform: number; sessionId: string | null }) {
  const { t } = useTranslation();
  const { accounts } = useGamesTab();
  const list = useAccountsStore((s) => s.byPlatform[platform]);
  const usingId = useAccountsStore((s) => s.usingId);
  const message = useAccountsStore((s) => s.message);
  const launching = useGamesStore((s) => s.launching);
  const name = platformName(platform);
  return (
    <section className="account-list" aria-labelledby={`accounts-${platform}`} data-testid="account-list">
      <header className="account-list__header">
        <h3 id={`accounts-${platform}`} className="account-list__title">
          {t('games.accounts.title')} · {name}
        </h3>
        <button
          type="button"
          className="button button--ghost account-list__refresh"
          disabled={list?.status === 'loading'}
          onClick={() => void accounts.load(platform)}
        >
          {t('games.refresh')}
        </button>
      </header>
      {message && (
        <p className="account-list__message" role="alert">
          {translate(t, message)}
        </p>
      )}
      {list?.status === 'error' && (
        <p className="account-list__message" role="alert">
          {t('error.games.accounts', { platform: name })}
        </p>
      )}
      {list?.status === 'loading' && list.accounts.length === 0 && (
        <p className="account-list__state" role="status">
          {t('games.accounts.loading')}
        </p>
      )}
      {list?.status === 'loaded' && list.accounts.length === 0 && (
        <p className="account-list__state">{t('games.accounts.none')}</p>
      )}
      {list && list.accounts.length > 0 && (
        <ul className="account-list__items">
          {list.accounts.map((account) => {
            const own = isOwn(account, sessionId);
            const busy = isBusy(account) && !own;
            return (
              <li
                key={account.id}
                className={`account${busy ? ' account--busy' : ''}`}
                data-testid="centre-account"
                data-state={own ? 'mine' : busy ? 'busy' : 'free'}
              >
                <span className="account__name">{account.accountDisplayName}</span>
                <span className={`account__state account__state--${own ? 'mine' : busy ? 'busy' : 'free'}`}>
                  {t(own ? 'games.accounts.mine' : busy ? 'games.accounts.busy' : 'games.accounts.free')}
                </span>
                <button
                  type="button"
                  className="button button--primary account__use"
                  disabled={launching || usingId !== null}
                  onClick={() => void accounts.use(entryFor(game, account.platform), account)}
                >
                  {launching ? t('games.launching') : t('games.use')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
