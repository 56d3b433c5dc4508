/**
 * "Sell a prepaid card" beside the open shift (issue 23): the code typed or
 * scanned (a scanner types it and presses Enter), cash or card, then the
 * confirmation with the card and its value before any money moves; the
 * receipt line after, and the code field empty and focused for the next card.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog.js';
import { TextField } from '../../shared/ui/Field.js';
import { SubmitButton } from '../../shared/ui/SubmitButton.js';
import { useSlice } from '../core/feature.js';
import { PaymentMethodField, type PaymentMethod } from '../ui/PaymentMethodField.js';
import { Status } from '../ui/Status.js';
import { useFormat } from '../ui/useFormat.js';
import type { CardRefusal } from './sellCardService.js';
import { useShifts } from './index.js';

export function SellCard({ shiftOpen }: { shiftOpen: boolean }) {
  const { t } = useTranslation();
  const { iqd } = useFormat();
  const cards = useShifts().cards;
  const asking = useSlice(cards.store, (s) => s.asking);
  const sold = useSlice(cards.store, (s) => s.sold);
  const refusal = useSlice(cards.store, (s) => s.refusal);
  const error = useSlice(cards.store, (s) => s.error);
  const busy = useSlice(cards.store, (s) => s.busy);
  const [code, setCode] = useState('');
  const [method, setMethod] = useState<PaymentMethod>('cash');
  const codeField = useRef<HTMLInputElement>(null);

  const check = (e: FormEvent) => {
    e.preventDefault();
    if (code.trim()) void cards.check(code, method);
  };
  const refused = (r: CardRefusal) => t(`shifts.card.refused.${r.reason}`, { hint: r.hint, amount: r.amount === null ? '' : iqd(r.amount) });
  const notice = sold ? t(`shifts.card.sold.${sold.method}`, { hint: sold.hint, amount: iqd(sold.amount) }) : null;

  return (
    <article className="card no-print sell-card" aria-labelledby="sell-card-title">
      <h2 id="sell-card-title">{t('shifts.card.title')}</h2>
      <p className="muted small">{t('shifts.card.hint')}</p>
      {!shiftOpen && <p className="muted small">{t('shifts.card.noShift')}</p>}
      <form className="row wrap" onSubmit={check}>
        <TextField
          label={t('shifts.card.code')}
          value={code}
          onValue={(value) => setCode(value.toUpperCase())}
          inputRef={codeField}
          dir="ltr"
          className="sell-card__code"
          inputClassName="mono"
          autoComplete="off"
          spellCheck={false}
          placeholder="RC-XXXX-XXXX-XXXX"
        />
        <PaymentMethodField label={t('customers.method')} value={method} onValue={setMethod} />
        <SubmitButton className="" label={t('shifts.card.sell')} busy={busy} disabled={code.trim().length < 4} />
      </form>
      <Status error={refusal ? refused(refusal) : error} notice={notice} />
      {asking && (
        <ConfirmDialog
          wide
          testId="sell-card-confirm"
          title={t('shifts.card.confirm.title')}
          confirmLabel={t('shifts.card.confirm.sell', { amount: iqd(asking.amount) })}
          cancelLabel={t('room.preview.cancel')}
          busy={busy}
          onCancel={() => {
            cards.cancel();
            codeField.current?.focus();
          }}
          onConfirm={() => {
            void cards.confirm().then((done) => {
              if (done) setCode('');
              codeField.current?.focus();
            });
          }}
        >
          <p data-testid="sell-card-summary">
            <strong>{t(`shifts.card.confirm.${asking.method}`, { hint: asking.hint, amount: iqd(asking.amount) })}</strong>
          </p>
          <p className="muted small">{t('shifts.card.confirm.detail')}</p>
        </ConfirmDialog>
      )}
    </article>
  );
}
