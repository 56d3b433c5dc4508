/**
 * Offers: a list with each offer's terms and what a customer pays and gets;
 * edit one (Edit opens its form) or add a new one. The price shown is the
 * same arithmetic the kiosk store and the server use (src/shared/offers.ts).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OFFER_TYPES } from '../../../shared/entities.js';
import { minutesForBalance } from '../../../shared/format.js';
import { orderAmounts } from '../../../shared/offers.js';
import type { StationGroup } from '../../../shared/api/admin-catalogue.js';
import { useSlice } from '../../core/feature.js';
import { Status, wholeOrNull } from '../../ui/Status.js';
import { draftOf, emptyOffer, type OfferDraft } from './offersService.js';
import { useCatalogue } from '../index.js';
import { useFormat } from '../../ui/useFormat.js';

/** What the credit buys at each group's rate, e.g. "≈ 400 min at Standard · 200 min at VIP". */
function PlayTime({ credit, groups }: { credit: number; groups: StationGroup[] }) {
  const { t } = useTranslation();
  const parts = groups
    .map((g) => ({ g, minutes: minutesForBalance(credit, g.hourlyRate) }))
    .filter((p): p is { g: StationGroup; minutes: number } => p.minutes !== null)
    .map((p) => t('cat.offers.minutesAt', { minutes: p.minutes, group: p.g.name }));
  return parts.length ? <span className="muted small"> ({parts.join(' · ')})</span> : null;
}

function OfferForm({ initial, submitLabel, onSubmit, onCancel }: { initial: OfferDraft; submitLabel: string; onSubmit(d: OfferDraft): Promise<boolean>; onCancel?: () => void }) {
  const { t } = useTranslation();
  const { iqd } = useFormat();
  const catalogue = useCatalogue();
  const groups = useSlice(catalogue.stations.store, (s) => s.groups);
  const [d, setD] = useState(initial);
  const [min, setMin] = useState(String(initial.minimumPurchase));
  const [amount, setAmount] = useState(initial.discountAmount === null ? '' : String(initial.discountAmount));
  const [percent, setPercent] = useState(initial.discountPercentage === null ? '' : String(initial.discountPercentage));
  const [max, setMax] = useState(initial.maximumDiscount === null ? '' : String(initial.maximumDiscount));
  const draft: OfferDraft = {
    ...d,
    minimumPurchase: wholeOrNull(min) ?? 0,
    discountAmount: d.offerType === 'fixed_amount_discount' ? wholeOrNull(amount) : null,
    discountPercentage: d.offerType === 'fixed_amount_discount' ? null : wholeOrNull(percent),
    maximumDiscount: d.offerType === 'percentage_discount' ? wholeOrNull(max) : null,
  };
  const amounts = orderAmounts(draft);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void onSubmit(draft);
  };
  return (
    <form className="offer-form" onSubmit={submit} aria-label={submitLabel}>
      <div className="grid-form">
        <label>
          {t('cat.offers.name')}
          <input dir="auto" value={d.name} onChange={(e) => setD({ ...d, name: e.target.value })} />
        </label>
        <label>
          {t('cat.offers.type')}
          <select value={d.offerType} onChange={(e) => setD({ ...d, offerType: e.target.value as OfferDraft['offerType'] })}>
            {OFFER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`cat.offers.type.${type}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('cat.offers.minimum')}
          <input inputMode="numeric" value={min} onChange={(e) => setMin(e.target.value)} />
        </label>
        {d.offerType === 'fixed_amount_discount' ? (
          <label>
            {t('cat.offers.amount')}
            <input inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
          </label>
        ) : (
          <label>
            {t('cat.offers.percent')}
            <input inputMode="numeric" value={percent} onChange={(e) => setPercent(e.target.value)} />
          </label>
        )}
        {d.offerType === 'percentage_discount' && (
          <label>
            {t('cat.offers.max')}
            <input inputMode="numeric" value={max} onChange={(e) => setMax(e.target.value)} />
          </label>
        )}
        <label className="span2">
          {t('cat.offers.description')}
          <input dir="auto" value={d.description} onChange={(e) => setD({ ...d, description: e.target.value })} />
        </label>
        <label className="check">
          <input type="checkbox" checked={d.active} onChange={(e) => setD({ ...d, active: e.target.checked })} />
          {t('setup.offerActive')}
        </label>
      </div>
      <p className="muted small">
        {t('cat.offers.preview', { price: iqd(amounts.price), credit: iqd(amounts.credit) })}
        <PlayTime credit={amounts.credit} groups={groups} />
      </p>
      <div className="row end">
        {onCancel && (
          <button type="button" onClick={onCancel}>
            {t('room.preview.cancel')}
          </button>
        )}
        <button type="submit" className="primary" disabled={!d.name.trim()}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

export function OffersTab() {
  const { t } = useTranslation();
  const { iqd } = useFormat();
  const catalogue = useCatalogue();
  const service = catalogue.offers;
  const offers = useSlice(service.store, (s) => s.offers);
  const groups = useSlice(catalogue.stations.store, (s) => s.groups);
  const error = useSlice(service.store, (s) => s.error);
  const notice = useSlice(service.store, (s) => s.notice);
  const [editing, setEditing] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  return (
    <div className="stack">
      <Status error={error} notice={notice ? t('cat.saved', { name: notice }) : null} />
      <div className="card">
        <div className="row">
          <h3 className="grow">{t('cat.offers.title')}</h3>
          {!adding && (
            <button type="button" className="primary" onClick={() => setAdding(true)}>
              {t('cat.offers.add')}
            </button>
          )}
        </div>
        {adding && (
          <OfferForm
            initial={emptyOffer}
            submitLabel={t('cat.offers.add')}
            onCancel={() => setAdding(false)}
            onSubmit={(d) =>
              service.create(d).then((ok) => {
                if (ok) setAdding(false);
                return ok;
              })
            }
          />
        )}
        <table className="wide">
          <tbody>
            {offers.map((o) => {
              const a = orderAmounts(o);
              return editing === o.id ? (
                <tr key={o.id} data-offer={o.id}>
                  <td colSpan={3}>
                    <OfferForm
                      initial={draftOf(o)}
                      submitLabel={t('cat.save')}
                      onCancel={() => setEditing(null)}
                      onSubmit={(d) =>
                        service.update(o.id, d).then((ok) => {
                          if (ok) setEditing(null);
                          return ok;
                        })
                      }
                    />
                  </td>
                </tr>
              ) : (
                <tr key={o.id} data-offer={o.id}>
                  <td>
                    <strong>{o.name}</strong> <span className="muted small">{t(`cat.offers.type.${o.offerType}`)}</span>
                    <div className="muted small">
                      {t('cat.offers.preview', { price: iqd(a.price), credit: iqd(a.credit) })}
                      <PlayTime credit={a.credit} groups={groups} />
                    </div>
                  </td>
                  <td>
                    <label className="check">
                      <input type="checkbox" checked={o.active} onChange={(e) => void service.update(o.id, { active: e.target.checked })} />
                      {t('setup.offerActive')}
                    </label>
                  </td>
                  <td className="row end">
                    <button type="button" onClick={() => setEditing(o.id)} aria-label={t('cat.offers.editOf', { name: o.name })}>
                      {t('cat.edit')}
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
