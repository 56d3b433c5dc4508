/**
 * Packages at the kiosk (issue 26, not in the SPEC): the store's section of
 * time and window packages with 'Buy with balance' and its confirmation, and
 * the customer's own packages with what is left of them (the store and the
 * profile show the same list). Nothing shows when the server has no packages.
 */
import { Clock, Moon } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { useNow } from '../dashboard/useNow.js';
import { selectSession, useSessionStore } from '../session/sessionStore.js';
import { usePackages } from './index.js';
import { iqdAmount } from './offerView.js';
import { OrderRow } from './OrderRow.js';
import { heldLeft, saleTerms } from './packagesView.js';
import { usePackagesStore } from './packagesStore.js';
import './store.css';

const MINUTE_MS = 60_000;

/** The customer's packages and what is left of each. */
export function HeldPackages({ load = false }: { load?: boolean }) {
  const { t } = useTranslation();
  const packages = usePackages();
  const status = usePackagesStore((s) => s.status);
  const held = usePackagesStore((s) => s.held);
  const now = useNow(MINUTE_MS, true);
  useEffect(() => {
    if (load) void packages.load();
  }, [packages, load]);
  if (status !== 'loaded') return null;
  return (
    <section className="panel packages-held" aria-labelledby="packages-held-title" data-testid="held-packages">
      <h2 id="packages-held-title" className="panel__title">
        {t('packages.held')}
      </h2>
      {held.length === 0 ? (
        <p className="packages-held__none">{t('packages.none')}</p>
      ) : (
        <ul className="packages-held__list">
          {held.map((pkg) => {
            const left = heldLeft(pkg, now);
            return (
              <li key={pkg.id} className="packages-held__item" data-testid="held-package">
                {/* The cafe's own name, in whatever language the owner wrote it. */}
                <strong dir="auto">{pkg.name}</strong>
                <span>{t(left.key, left.values)}</span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export function PackagesSection() {
  const { t } = useTranslation();
  const packages = usePackages();
  const status = usePackagesStore((s) => s.status);
  const onSale = usePackagesStore((s) => s.onSale);
  const confirming = usePackagesStore((s) => s.confirming);
  const buying = usePackagesStore((s) => s.buying);
  const heldCount = usePackagesStore((s) => s.held.length);
  const ordering = usePackagesStore((s) => s.ordering);
  const placing = usePackagesStore((s) => s.placing);
  const orders = usePackagesStore((s) => s.orders);
  // A guest cannot order for the desk (the server refuses it): the kiosk does not offer it.
  const isGuest = useSessionStore((s) => selectSession(s)?.isGuest ?? false);

  useEffect(() => {
    void packages.load();
    if (!isGuest) void packages.loadOrders();
  }, [packages, isGuest]);

  if (status !== 'loaded' || (onSale.length === 0 && heldCount === 0)) return null;
  const money = (amount: number) => t('money.iqd', { amount: iqdAmount(amount) });
  return (
    <section className="packages" aria-labelledby="packages-title" data-testid="packages-section">
      <header className="store__header">
        <div>
          <h2 className="store__title" id="packages-title">
            {t('packages.title')}
          </h2>
          <p className="store__subtitle">{t('packages.subtitle')}</p>
        </div>
      </header>
      <div className="store__grid">
        {onSale.map((pkg) => {
          const terms = saleTerms(pkg);
          const Icon = pkg.kind === 'time' ? Clock : Moon;
          return (
            <article key={pkg.id} className={`offer package package--${pkg.kind}`} data-testid="package-card">
              <div className="offer__icon" aria-hidden="true">
                <Icon size={26} />
              </div>
              <h3 className="offer__name" dir="auto">
                {pkg.name}
              </h3>
              <p className="offer__description">{t(terms.key, terms.values)}</p>
              <p className="offer__value">{money(pkg.price)}</p>
              <button type="button" className="button button--primary offer__order" onClick={() => packages.askToBuy(pkg)}>
                {t('packages.buy')}
              </button>
              {/* Or pay at the counter: the desk approves the order (as the SPEC's orders do for offers); not for guests. */}
              {!isGuest && (
                <button type="button" className="button button--ghost offer__order" onClick={() => packages.askToOrder(pkg)}>
                  {t('packages.order')}
                </button>
              )}
            </article>
          );
        })}
      </div>
      {orders.length > 0 && (
        <ul className="order-list packages-orders" data-testid="package-orders">
          {orders.map((order) => (
            <OrderRow
              key={order.id}
              kind="package"
              name={order.packageName}
              status={order.status}
              price={order.price}
              createdAt={order.createdAt}
              decidedAt={order.decidedAt}
              rejectReason={order.rejectReason}
            />
          ))}
        </ul>
      )}
      <HeldPackages />
      <ConfirmDialog
        open={confirming !== null}
        title={t('packages.confirmTitle')}
        description={confirming ? t('packages.confirmText', { name: confirming.name, price: money(confirming.price) }) : ''}
        busy={buying}
        onConfirm={() => void packages.confirmBuy()}
        onCancel={() => packages.cancelBuy()}
      />
      <ConfirmDialog
        open={ordering !== null}
        title={t('packages.orderTitle')}
        description={ordering ? t('packages.orderText', { name: ordering.name, price: money(ordering.price) }) : ''}
        busy={placing}
        onConfirm={() => void packages.confirmOrder()}
        onCancel={() => packages.cancelOrder()}
      />
    </section>
  );
}
