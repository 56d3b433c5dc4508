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
import { Button } from '../../../shared/ui/Button.js';
import { CheckboxField } from '../../../shared/ui/Choice.js';
import { NumberField, SelectField, TextField } from '../../../shared/ui/Field.js';
import { useSlice } from '../../core/feature.js';
import { Status, wholeOrNull } from '../../ui/Status.js';
import { draftOf, emptyOffer, type OfferDraft } from './offersService.js';
import { useCatalogue } from '../index.js';
import { useFormat } from '../../ui/useFormat.js';

/** What the credit buys at each group's rate, in hours and minutes, e.g. "≈ 6 h 40 min at Standard · ≈ 3 h 20 min at VIP". */
function PlayTime({ credit, groups }: { credit: number; groups: StationGroup[] }) {
  const { t } = useTranslation();
  const { duration } = useFormat();
  const parts = groups
    .map((g) => ({ g, minutes: minutesForBalance(credit, g.hourlyRate) }))
    .filter((p): p is { g: StationGroup; minutes: number } => p.minutes !== null)
    .map((p) => t('cat.offers.minutesAt', { time: duration(p.minutes), group: p.g.name }));
  return parts.length ? <span className="muted small"> ({parts.join(' · ')})</span> : null;
}

function OfferForm({ initial, submitLabel, onSubmit, onCancel }: { initial: OfferDraft; submitLabel: string; onSubmit(d: OfferDraft): Promise<boolean>; onCancel?: () => void }) {
  const { t } = useTranslation();
  const { iqd } = useFormat();
  const catalogue = useCatalogue();
  const groups = useSlice(catalogue.groups.store, (s) => s.groups);
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
        <TextField dir="auto" label={t('cat.offers.name')} value={d.name} onValue={(name) => setD({ ...d, name })} />
        <SelectField
          label={t('cat.offers.type')}
          value={d.offerType}
          onValue={(type) => setD({ ...d, offerType: OFFER_TYPES.find((known) => known === type) ?? d.offerType })}
          options={OFFER_TYPES.map((type) => ({ value: type, label: t(`cat.offers.type.${type}`) }))}
        />
        <NumberField label={t('cat.offers.minimum')} value={min} onValue={setMin} />
        {d.offerType === 'fixed_amount_discount' ? (
          <NumberField label={t('cat.offers.amount')} value={amount} onValue={setAmount} />
        ) : (
          <NumberField label={t('cat.offers.percent')} value={percent} onValue={setPercent} />
        )}
        {d.offerType === 'percentage_discount' && <NumberField label={t('cat.offers.max')} value={max} onValue={setMax} />}
        <TextField dir="auto" className="span2" label={t('cat.offers.description')} value={d.description} onValue={(description) => setD({ ...d, description })} />
        <CheckboxField label={t('setup.offerActive')} checked={d.active} onChecked={(active) => setD({ ...d, active })} />
      </div>
      <p className="muted small">
        {t('cat.offers.preview', { price: iqd(amounts.price), credit: iqd(amounts.credit) })}
        <PlayTime credit={amounts.credit} groups={groups} />
      </p>
      <div className="row end">
        {onCancel && (
          <Button onClick={onCancel}>{t('room.preview.cancel')}</Button>
        )}
        <Button type="submit" variant="primary" disabled={!d.name.trim()}>
          {submitLabel}
        </Button>
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
  const groups = useSlice(catalogue.groups.store, (s) => s.groups);
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
            <Button variant="primary" onClick={() => setAdding(true)}>
              {t('cat.offers.add')}
            </Button>
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
          <thead>
            <tr>
              <th scope="col">{t('cols.offer')}</th>
              <th scope="col">{t('cols.onSale')}</th>
              <th scope="col">{t('cols.actions')}</th>
            </tr>
          </thead>
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
                    <CheckboxField label={t('setup.offerActive')} checked={o.active} onChecked={(active) => void service.update(o.id, { active })} />
                  </td>
                  <td>
                    <div className="row end">
                      <Button onClick={() => setEditing(o.id)} aria-label={t('cat.offers.editOf', { name: o.name })}>
                        {t('cat.edit')}
                      </Button>
                    </div>
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
