/**
 * The profile's waiting orders (issues 23 and 26; our server only): the
 * customer's package orders and offer orders still waiting for the desk,
 * each with its state, from the same lists the store shows (and kept live by
 * the store feature when staff decide one). A server without these extras
 * answers nothing and the panel does not show: the profile is as the SPEC has it.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useOffers, usePackages } from '../store/index.js';
import { iqdAmount } from '../store/offerView.js';
import { usePackagesStore } from '../store/packagesStore.js';
import { useOffersStore } from '../store/storeStore.js';

export function WaitingOrders() {
  const { t } = useTranslation();
  const offers = useOffers();
  const packages = usePackages();
  const packageOrders = usePackagesStore((s) => s.orders);
  const offerOrders = useOffersStore((s) => s.myOrders);
  useEffect(() => {
    void packages.loadOrders();
    void offers.loadMyOrders();
  }, [packages, offers]);
  const waitingPackages = packageOrders.filter((o) => o.status === 'pending');
  const waitingOffers = offerOrders.filter((o) => o.status === 'pending');
  if (waitingPackages.length + waitingOffers.length === 0) return null;
  const money = (amount: number) => t('money.iqd', { amount: iqdAmount(amount) });
  return (
    <section className="panel waiting-orders" aria-labelledby="waiting-orders-title" data-testid="waiting-orders">
      <h2 id="waiting-orders-title" className="panel__title">
        {t('profile.waitingOrders')}
      </h2>
      <ul className="waiting-orders__list">
        {waitingPackages.map((o) => (
          <li key={`package-${o.id}`} className="waiting-orders__item" data-kind="package" data-status={o.status}>
            <strong>{t('profile.waitingOrders.package')}</strong>
            <span>{t('packages.orderPending', { name: o.packageName, price: money(o.price) })}</span>
          </li>
        ))}
        {waitingOffers.map((o) => (
          <li key={`offer-${o.id}`} className="waiting-orders__item" data-kind="offer" data-status={o.status}>
            <strong>{t('profile.waitingOrders.offer')}</strong>
            <span>{t('store.order.pending', { name: o.offerName, price: money(o.price) })}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
