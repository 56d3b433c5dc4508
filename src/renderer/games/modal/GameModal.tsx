/**
 * SPEC §2 game modal: thumbnail, name, the first 3 category chips, the
 * platform chip and tabs, 'Play', and for the centre-account platforms the
 * accounts of the selected platform.
 */
import { memo, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { GAME_MODAL_MAX_CATEGORIES } from '../../../shared/constants.js';
import type { Platform } from '../../../shared/catalog/platforms.js';
import { platformLabel } from '../platformLabel.js';
import { translate } from '../../core/i18n/uiMessage.js';
import { selectSession, useSessionStore } from '../../session/sessionStore.js';
import { Modal } from '../../../shared/ui/Modal.js';
import { offersCentreAccounts } from '../accounts/accountRules.js';
import { GameArt } from '../GameArt.js';
import { useGamesStore } from '../gamesStore.js';
import { useGamesTab } from '../tab/gamesTab.js';
import { categoryLabels, entryFor } from '../library/library.js';
import { AccountList } from './AccountList.js';

/** Memoised (no props): the tab's re-renders, a keystroke's among them, pass it by. */
export const GameModal = memo(function GameModal() {
  const { t } = useTranslation();
  const { images, accounts, library, thumbnailUrl } = useGamesTab();
  const modal = useGamesStore((s) => s.modal);
  const launching = useGamesStore((s) => s.launching);
  const launchError = useGamesStore((s) => s.launchError);
  const running = useGamesStore((s) => s.running);
  const sessionId = useSessionStore(selectSession)?.sessionId ?? null;
  const game = modal?.game ?? null;
  // The centre accounts of the game's platforms load when its modal opens.
  useEffect(() => {
    if (!game) return;
    accounts.open(game.game.Name, game.platforms);
    return () => accounts.close();
  }, [accounts, game]);
  if (!modal) return null;
  const { platform } = modal;
  const entry = entryFor(modal.game, platform);
  return (
    <Modal labelledBy="game-modal-title" testId="game-modal" wide onEscape={() => library.closeGame()}>
      <button type="button" className="game-modal__close" aria-label={t('modal.close')} onClick={() => library.closeGame()}>
        ×
      </button>
      <div className="game-modal__art">
        <GameArt cache={images} url={thumbnailUrl(entry)} name={entry.Name} />
      </div>
      <h2 id="game-modal-title" className="game-modal__title">
        {entry.Name}
      </h2>
      <div className="game-modal__chips">
        <span className="game-modal__platform" data-testid="game-modal-platform">
          {platformLabel(t, platform)}
        </span>
        {categoryLabels(entry.Categories, GAME_MODAL_MAX_CATEGORIES).map((label, index) => (
          <span key={index} className="game-modal__category" data-testid="game-modal-category">
            {translate(t, label)}
          </span>
        ))}
      </div>
      {modal.game.platforms.length > 1 && (
        <div className="game-modal__tabs" role="tablist">
          {modal.game.platforms.map((p: Platform) => (
            <button
              key={p}
              type="button"
              role="tab"
              aria-selected={p === platform}
              className="game-modal__tab"
              onClick={() => library.selectPlatform(p)}
            >
              {platformLabel(t, p)}
            </button>
          ))}
        </div>
      )}
      <button
        type="button"
        className="button button--primary game-modal__play"
        disabled={launching}
        onClick={() => library.playSelected()}
      >
        {launching ? t('games.launching') : t('games.play')}
      </button>
      <button type="button" className="button button--ghost game-modal__settings" onClick={() => library.openSettings()}>
        {t('games.settings')}
      </button>
      {running[entry.Json_ID] && (
        <p className="game-modal__running" role="status" data-testid="game-running">
          {t('games.running', { name: entry.Name })}
        </p>
      )}
      {launchError && (
        <p className="game-modal__error" role="alert">
          {t('error.shell.launch')} <span className="game-modal__reason">{translate(t, launchError)}</span>
        </p>
      )}
      {offersCentreAccounts(platform) && <AccountList game={modal.game} platform={platform} sessionId={sessionId} />}
    </Modal>
  );
});
