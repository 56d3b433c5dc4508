/**
 * SPEC §2/§4: waiting for a balance top-up, with the offers list; the
 * profile is polled every 3 s and the dashboard opens once balance plus
 * protected balance is at least 100 IQD and the flag is cleared.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MIN_BALANCE_TO_PROCEED_IQD } from '../../../shared/constants.js';
import type { Offer } from '../../../shared/entities.js';
import { useFrontDoor } from '../index.js';
import { TopUpWatch } from './topUpWatch.js';
import { Modal } from '../../../shared/ui/Modal.js';
import { GateCountdown } from './GateCountdown.js';

export function TopUpWait({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const { frontDoor, flows } = useFrontDoor();
  const [offers, setOffers] = useState<Offer[]>([]);

  useEffect(() => {
    const watch = new TopUpWatch(flows.topUp);
    watch.start(setOffers);
    return () => watch.stop();
  }, [flows]);

  return (
    <Modal labelledBy="gate-topup-title" testId="gate-topup" wide>
      <div className="modal__icon" aria-hidden="true">
        ¤
      </div>
      <h2 className="modal__title" id="gate-topup-title">
        {t('gate.topUp.title')}
      </h2>
      <p className="modal__text">{t('gate.topUp.text', { minimum: MIN_BALANCE_TO_PROCEED_IQD })}</p>
      <p className="gate__balance">
        <span>{t('gate.topUp.balance')}</span>
        <strong>{t('money.iqd', { amount: balance.toLocaleString('en-US') })}</strong>
      </p>
      <GateCountdown onTimeout={() => frontDoor.abandon()} />
      {offers.length > 0 && (
        <section className="gate__offers" aria-labelledby="gate-offers-title">
          <h3 className="gate__offers-title" id="gate-offers-title">
            {t('gate.topUp.offers')}
          </h3>
          <ul className="gate__offer-list">
            {offers.map((offer) => (
              <li key={offer.id} className="gate__offer">
                <strong>{offer.name}</strong>
                <span>{offer.description}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <p className="gate__waiting" role="status">
        <span className="gate__spinner" aria-hidden="true" />
        {t('gate.topUp.waiting')}
      </p>
      <button type="button" className="button button--ghost" onClick={() => frontDoor.abandon()}>
        {t('gate.logout')}
      </button>
    </Modal>
  );
}
