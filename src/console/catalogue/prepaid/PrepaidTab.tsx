/**
 * Prepaid card batches: generate, list, open a batch as a printable sheet (a
 * card per cell: QR code, code, amount; the print stylesheet prints only the
 * sheet, cut lines included), export CSV, void a batch (every card not yet
 * redeemed) or one card; sell a batch at the counter, in cash or by card, as
 * it is made or later (issue 23: confirmed with the amount, into the shift).
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrepaidBatch } from '../../../shared/api/admin-profile.js';
import { Button } from '../../../shared/ui/Button.js';
import { NumberField, SelectField, TextField } from '../../../shared/ui/Field.js';
import { useSlice } from '../../core/feature.js';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog.js';
import { Status, wholeOrNull } from '../../ui/Status.js';
import { cardState } from './prepaidService.js';
import { useCatalogue } from '../index.js';
import { CARDS } from '../../ui/plurals.js';
import { useFormat } from '../../ui/useFormat.js';

function Sheet() {
  const { t } = useTranslation();
  const { iqd, count: countOf } = useFormat();
  const catalogue = useCatalogue();
  const service = catalogue.prepaid;
  const open = useSlice(service.store, (s) => s.open);
  if (!open) return null;
  // Printable: every card still to be redeemed, sold (a batch made and sold at once) or not.
  const good = open.cards.filter((c) => cardState(c) === 'good' || cardState(c) === 'sold');
  // The codes are known only right after generating (the server keeps hashes): only then is the sheet printable.
  const printable = Object.keys(open.codes).length > 0;
  return (
    <article className="card print-sheet" aria-label={t('cat.prepaid.sheet')}>
      <div className="row no-print">
        <h3 className="grow">
          <bdi>{open.batch.label}</bdi> <span className="muted small">{t('cat.prepaid.counts', { cards: countOf(open.batch.cardCount, CARDS), redeemed: open.batch.redeemedCount, voided: open.batch.voidedCount })}</span>
        </h3>
        {printable && (
          <Button variant="primary" onClick={service.printSheet}>
            {t('cat.prepaid.print')}
          </Button>
        )}
        <Button
          onClick={() =>
            service.exportCsv({
              code: t('cat.prepaid.code'),
              amount: t('cat.prepaid.amount'),
              state: t('cat.prepaid.state'),
              redeemedBy: t('cat.prepaid.redeemedBy'),
              redeemedAt: t('cat.prepaid.redeemedAt'),
              voidedAt: t('cat.prepaid.voidedAt'),
            })
          }
        >
          {t('cat.prepaid.csv')}
        </Button>
        <Button onClick={service.close}>{t('cat.prepaid.close')}</Button>
      </div>
      <p className="muted small no-print">{printable ? t('cat.prepaid.printHint', { cards: countOf(good.length, CARDS) }) : t('cat.prepaid.codesOnce')}</p>
      <ul className="card-grid">
        {open.cards.map((c) => {
          const state = cardState(c);
          const code = open.codes[c.id] ?? c.hint;
          return (
            <li key={c.id} className={`prepaid-card ${state}`} data-code={code}>
              {open.qr[c.id] && <img src={open.qr[c.id]} alt={t('cat.prepaid.qrOf', { code })} width={120} height={120} />}
              <div>
                <div className="prepaid-amount">{t('cat.prepaid.value', { amount: iqd(c.amount) })}</div>
                <div className="mono prepaid-code">{code}</div>
                <div className="small">{t('cat.prepaid.howTo')}</div>
                {state === 'sold' && c.soldBy && <div className="small stamp">{t('cat.prepaid.soldBy', { name: c.soldBy })}</div>}
                {state !== 'good' && state !== 'sold' && <div className="small stamp">{t(`cat.prepaid.state.${state}`)}</div>}
                {(state === 'good' || state === 'sold') && (
                  <Button variant="danger" className="no-print small-button" onClick={() => void service.voidCard(c.id)} aria-label={t('cat.prepaid.voidCardOf', { code })}>
                    {t('cat.prepaid.voidCard')}
                  </Button>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </article>
  );
}

export function PrepaidTab() {
  const { t } = useTranslation();
  const { iqd, dateTime, count: countOf } = useFormat();
  const catalogue = useCatalogue();
  const service = catalogue.prepaid;
  const batches = useSlice(service.store, (s) => s.batches);
  const error = useSlice(service.store, (s) => s.error);
  const notice = useSlice(service.store, (s) => s.notice);
  const sold = useSlice(service.store, (s) => s.sold);
  const busy = useSlice(service.store, (s) => s.busy);
  const [form, setForm] = useState({ count: '10', amount: '5000', label: '', soldFor: '' as '' | 'cash' | 'card' });
  const [voiding, setVoiding] = useState<PrepaidBatch | null>(null);
  const [selling, setSelling] = useState<{ batch: PrepaidBatch; method: 'cash' | 'card' } | null>(null);
  // What a sale of a batch takes now: its cards not sold, redeemed or void.
  const unsold = (b: PrepaidBatch) => b.sellableCount;
  const count = wholeOrNull(form.count);
  const amount = wholeOrNull(form.amount);
  const generate = (e: FormEvent) => {
    e.preventDefault();
    if (count === null || amount === null) return;
    void service.generate(count, amount, form.label, form.soldFor || null).then((ok) => ok && setForm({ ...form, label: '', soldFor: '' }));
  };
  return (
    <div className="stack">
      <div className="no-print">
        <Status
          error={error}
          notice={notice ? t('cat.prepaid.voided', { cards: countOf(Number(notice), CARDS) }) : sold ? t('cat.prepaid.soldNotice', { cards: countOf(sold.count, CARDS), amount: iqd(sold.amount) }) : null}
        />
      </div>
      {voiding && (
        <ConfirmDialog
          wide
          danger
          title={t('cat.prepaid.voidBatch')}
          confirmLabel={t('cat.prepaid.voidBatch')}
          cancelLabel={t('room.preview.cancel')}
          onCancel={() => setVoiding(null)}
          onConfirm={() => {
            void service.voidBatch(voiding);
            setVoiding(null);
          }}
        >
          <p>{t('cat.prepaid.voidWarning', { label: voiding.label, count: voiding.cardCount - voiding.redeemedCount - voiding.voidedCount })}</p>
        </ConfirmDialog>
      )}
      {selling && (
        <ConfirmDialog
          title={t('cat.prepaid.sellTitle')}
          confirmLabel={t('cat.prepaid.sellConfirm', { amount: iqd(unsold(selling.batch) * selling.batch.amount) })}
          cancelLabel={t('room.preview.cancel')}
          onCancel={() => setSelling(null)}
          onConfirm={() => {
            void service.sell(selling.batch, selling.method);
            setSelling(null);
          }}
        >
          <p data-testid="sell-summary">
            {t('cat.prepaid.sellSummary', { amount: iqd(unsold(selling.batch) * selling.batch.amount), cards: countOf(unsold(selling.batch), CARDS), label: selling.batch.label })}
          </p>
          <SelectField
            label={t('cat.prepaid.soldFor')}
            value={selling.method}
            onValue={(method) => setSelling({ ...selling, method: method === 'card' ? 'card' : 'cash' })}
            options={[
              { value: 'cash', label: t('cat.prepaid.cash') },
              { value: 'card', label: t('cat.prepaid.card') },
            ]}
          />
        </ConfirmDialog>
      )}
      <form className="card row wrap no-print" onSubmit={generate} aria-label={t('cat.prepaid.generate')}>
        <NumberField inputClassName="num-input" label={t('cat.prepaid.count')} value={form.count} onValue={(value) => setForm({ ...form, count: value })} />
        <NumberField inputClassName="num-input" label={t('cat.prepaid.amount')} value={form.amount} onValue={(value) => setForm({ ...form, amount: value })} />
        <TextField dir="auto" label={t('cat.prepaid.label')} value={form.label} onValue={(label) => setForm({ ...form, label })} />
        <SelectField
          label={t('cat.prepaid.soldFor')}
          value={form.soldFor}
          onValue={(soldFor) => setForm({ ...form, soldFor: soldFor === 'cash' || soldFor === 'card' ? soldFor : '' })}
          options={[
            { value: '', label: t('cat.prepaid.notSold') },
            { value: 'cash', label: t('cat.prepaid.cash') },
            { value: 'card', label: t('cat.prepaid.card') },
          ]}
        />
        <Button type="submit" variant="primary" disabled={busy || count === null || amount === null || count < 1 || amount < 1}>
          {t('cat.prepaid.generate')}
        </Button>
      </form>
      <Sheet />
      <div className="card no-print">
        <h3>{t('cat.prepaid.batches')}</h3>
        {batches.length === 0 ? (
          <p className="muted">{t('cat.empty')}</p>
        ) : (
          <table className="wide">
            <thead>
              <tr>
                <th scope="col">{t('cols.batch')}</th>
                <th scope="col">{t('cols.cardValue')}</th>
                <th scope="col">{t('cols.cards')}</th>
                <th scope="col">{t('cols.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {batches.map((b) => (
                <tr key={b.id} data-batch={b.id}>
                  <td>
                    <strong>{b.label}</strong>
                    <div className="muted small">{t('cat.prepaid.made', { name: b.createdBy, time: dateTime(b.createdAt) })}</div>
                  </td>
                  <td>{t('cat.prepaid.value', { amount: iqd(b.amount) })}</td>
                  <td className="small">
                    {t('cat.prepaid.counts', { cards: countOf(b.cardCount, CARDS), redeemed: b.redeemedCount, voided: b.voidedCount })} · {t('cat.prepaid.sold', { sold: b.soldCount })}
                  </td>
                  <td>
                    <div className="row end">
                      <Button disabled={unsold(b) === 0} onClick={() => setSelling({ batch: b, method: 'cash' })}>
                        {t('cat.prepaid.sell')}
                      </Button>
                      <Button onClick={() => void service.show(b)}>{t('cat.prepaid.open')}</Button>
                      <Button variant="danger" disabled={b.cardCount - b.redeemedCount - b.voidedCount === 0} onClick={() => setVoiding(b)}>
                        {t('cat.prepaid.voidBatch')}
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
