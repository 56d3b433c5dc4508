/**
 * SPEC §2 the NFC cards card (not for guests): the list, rename, unlink
 * (confirmed), and the link modal — the same card tapped twice within 10 s,
 * an optional nickname.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NfcCard } from '../../shared/entities.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { FormError } from '../ui/FormError.js';
import { Modal } from '../../shared/ui/Modal.js';
import { TextField } from '../../shared/ui/Field.js';
import { useProfile } from './services.js';
import { shortDate } from './levelView.js';
import { useProfileStore } from './profileStore.js';

function LinkModal() {
  const { t } = useTranslation();
  const { nfc } = useProfile();
  const link = useProfileStore((s) => s.nfcLink);
  if (!link) return null;
  const text = {
    first: t('nfcCards.tapFirst'),
    confirm: t('nfcCards.tapAgain'),
    linking: t('nfcCards.linking'),
    done: t('nfcCards.linked'),
  }[link.phase];
  return (
    <Modal labelledBy="nfc-link-title" testId="nfc-link-modal" onEscape={() => nfc.close()}>
      <div className={`modal__icon${link.phase === 'confirm' ? ' modal__icon--pulse' : ''}`} aria-hidden="true">
        ◉
      </div>
      <h2 className="modal__title" id="nfc-link-title">
        {t('nfcCards.add')}
      </h2>
      <p className="modal__text" role="status" data-testid="nfc-link-status">
        {text}
      </p>
      <TextField
        label={t('nfcCards.nickname')}
        name="nickname"
        maxLength={64}
        value={link.nickname}
        onValue={(value) => nfc.setNickname(value)}
        disabled={link.phase === 'linking'}
      />
      <FormError error={link.error} />
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={() => nfc.close()}>
          {t('modal.cancel')}
        </button>
      </div>
    </Modal>
  );
}

function CardRow({ card, onUnlink }: { card: NfcCard; onUnlink(): void }) {
  const { t, i18n } = useTranslation();
  const { nfc } = useProfile();
  const [renaming, setRenaming] = useState(false);
  const [nickname, setNickname] = useState(card.nickname ?? '');
  const save = async () => {
    if (await nfc.rename(card.id, nickname)) setRenaming(false);
  };
  return (
    <li className="nfc-card" data-testid="nfc-card">
      {renaming ? (
        <form
          className="nfc-card__rename"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextField label={t('nfcCards.nickname')} name="cardNickname" maxLength={64} autoFocus value={nickname} onValue={setNickname} />
          <button type="submit" className="button button--primary button--small">
            {t('nfcCards.save')}
          </button>
        </form>
      ) : (
        <>
          <div className="nfc-card__body">
            <span className="nfc-card__name">{card.nickname || t('nfcCards.unnamed', { uid: card.cardUid.slice(-4) })}</span>
            <span className="nfc-card__meta">
              {card.cardUid}
              {card.createdAt ? ` · ${shortDate(card.createdAt, i18n.language)}` : ''}
              {!card.isActive && ` · ${t('nfcCards.inactive')}`}
            </span>
          </div>
          <div className="nfc-card__actions">
            <button type="button" className="button button--ghost button--small" onClick={() => setRenaming(true)}>
              {t('nfcCards.rename')}
            </button>
            <button type="button" className="button button--ghost button--small button--danger" onClick={onUnlink}>
              {t('nfcCards.unlink')}
            </button>
          </div>
        </>
      )}
    </li>
  );
}

export function NfcCardsCard() {
  const { t } = useTranslation();
  const { nfc } = useProfile();
  const cards = useProfileStore((s) => s.cards);
  const error = useProfileStore((s) => s.cardsError);
  const [unlinking, setUnlinking] = useState<NfcCard | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmUnlink = async () => {
    if (!unlinking) return;
    setBusy(true);
    await nfc.unlink(unlinking.id);
    setBusy(false);
    setUnlinking(null);
  };
  return (
    <section className="panel" aria-labelledby="nfc-cards-title" data-testid="nfc-cards">
      <h2 id="nfc-cards-title" className="panel__title">
        {t('nfcCards.title')}
      </h2>
      <FormError error={error} />
      {cards.length === 0 && !error ? (
        <p className="panel__empty">{t('nfcCards.empty')}</p>
      ) : (
        <ul className="nfc-cards">
          {cards.map((card) => (
            <CardRow key={card.id} card={card} onUnlink={() => setUnlinking(card)} />
          ))}
        </ul>
      )}
      <button type="button" className="button button--primary" onClick={() => nfc.open()}>
        {t('nfcCards.add')}
      </button>
      <LinkModal />
      <ConfirmDialog
        open={unlinking !== null}
        title={t('nfcCards.unlinkTitle')}
        description={unlinking ? t('nfcCards.unlinkConfirm', { name: unlinking.nickname || unlinking.cardUid }) : ''}
        confirmLabel={t('nfcCards.unlink')}
        busy={busy}
        onConfirm={() => void confirmUnlink()}
        onCancel={() => setUnlinking(null)}
      />
    </section>
  );
}
