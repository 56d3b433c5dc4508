/** SPEC §2 Store (/store): the offers as a grid, each with 'Order Now', and the 'Confirm Order' dialog. */
import { BadgePercent, Gift, RefreshCw, Tag } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Offer } from '../../shared/entities.js';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { useAccountStore } from '../account/accountStore.js';
import { useOffers } from './index.js';
import { iqdAmount, offerView } from './offerView.js';
import { OrderRow } from './OrderRow.js';
import { PackagesSection } from './PackagesSection.js';
import { useOffersStore } from './storeStore.js';
import './store.css';

const TYPE_ICON = { fixed_amount_discount: Tag, percentage_discount: BadgePercent, credit_bonus: Gift } as const;

function OfferCard({ offer, onOrder }: { offer: Offer; onOrder: () => void }) {
  const { t } = useTranslation();
  const view = offerView(offer);
  const money = (amount: number) => t('money.iqd', { amount: iqdAmount(amount) });
  const Icon = TYPE_ICON[offer.offerType];
  return (
    <article className={`offer offer--${offer.offerType}`} data-testid="offer-card">
      <div className="offer__icon" aria-hidden="true">
        <Icon size={26} />
      </div>
      {/* The cafe's own words, in whatever language staff wrote them. */}
      <h2 className="offer__name" dir="auto">
        {offer.name}
      </h2>
      {offer.description && (
        <p className="offer__description" dir="auto">
          {offer.description}
        </p>
      )}
      <p className="offer__value" data-testid="offer-value">
        {t(view.valueKey, { amount: money(view.value), percent: view.percent ?? 0 })}
      </p>
      <dl className="offer__terms">
        <div>
          <dt>{t('store.pay')}</dt>
          <dd>{money(view.price)}</dd>
        </div>
        <div>
          <dt>{t('store.credit')}</dt>
          <dd>{money(view.credit)}</dd>
        </div>
      </dl>
      <button type="button" className="button button--primary offer__order" onClick={onOrder}>
        {t('store.orderNow')}
      </button>
    </article>
  );
}

export function StoreScreen() {
  const { t } = useTranslation();
  const store = useOffers();
  const status = useOffersStore((s) => s.status);
  const offers = useOffersStore((s) => s.offers);
  const confirming = useOffersStore((s) => s.confirming);
  const ordering = useOffersStore((s) => s.ordering);
  const balance = useAccountStore((s) => s.balance);

  const mine = useOffersStore((s) => s.myOrders);

  useEffect(() => {
    void store.load();
    void store.loadMyOrders();
  }, [store]);

  const view = confirming ? offerView(confirming) : null;
  const money = (amount: number) => t('money.iqd', { amount: iqdAmount(amount) });

  return (
    <section className="store" aria-labelledby="store-title" data-testid="store-screen">
      <header className="store__header">
        <div>
          <h1 className="store__title" id="store-title">
            {t('store.title')}
          </h1>
          <p className="store__subtitle">{t('store.subtitle')}</p>
        </div>
        {balance !== null && (
          <div className="store__balance" data-testid="store-balance">
            <span>{t('store.balance')}</span>
            <strong>{money(balance)}</strong>
          </div>
        )}
      </header>
      {status === 'loading' && (
        <div className="store__state" role="status">
          <div className="spinner" aria-hidden="true" />
          {t('store.loading')}
        </div>
      )}
      {status === 'error' && offers.length === 0 && (
        <div className="store__state" role="alert">
          <p>{t('error.orders.load')}</p>
          <button type="button" className="button button--ghost" onClick={() => void store.load()}>
            <RefreshCw size={16} aria-hidden="true" />
            {t('store.retry')}
          </button>
        </div>
      )}
      {status === 'loaded' && offers.length === 0 && <p className="store__state">{t('store.empty')}</p>}
      {offers.length > 0 && (
        <div className="store__grid">
          {offers.map((offer) => (
            <OfferCard key={offer.id} offer={offer} onOrder={() => store.askToOrder(offer)} />
          ))}
        </div>
      )}
      {mine.length > 0 && (
        <section className="store__orders" aria-labelledby="store-orders-title" data-testid="store-my-orders">
          <h2 className="store__section-title" id="store-orders-title">
            {t('store.myOrders')}
          </h2>
          <ul className="order-list">
            {mine.map((o) => (
              <OrderRow
                key={o.id}
                kind="offer"
                name={o.offerName}
                status={o.status}
                price={o.price}
                credit={o.credit}
                createdAt={o.createdAt}
                decidedAt={o.decidedAt}
                rejectReason={o.rejectReason}
              />
            ))}
          </ul>
        </section>
      )}
      <PackagesSection />
      <ConfirmDialog
        open={confirming !== null}
        title={t('store.confirmOrder')}
        description={
          confirming && view
            ? t('store.confirmText', { name: confirming.name, price: money(view.price), credit: money(view.credit) })
            : ''
        }
        busy={ordering}
        onConfirm={() => void store.confirmOrder()}
        onCancel={() => store.cancelOrder()}
      />
    </section>
  );
}
