/**
 * Prepaid card batches, as `npm run cafe -- prepaid …`: generate a batch and
 * print its sheet with a QR code per card (the QR holds the code as printed;
 * made here, in the browser, with the `qrcode` package loaded only then) —
 * the codes come once, in the generate answer (the server keeps only their
 * hashes, issue 22); later a batch lists its cards by hint (RC-…-0001).
 * Export the cards as CSV, void a batch or one card. Sell a batch at the
 * counter, as it is made or later, in cash or by card (issue 23).
 */
import {
  adminCreatePrepaidBatch,
  adminPrepaidBatchCards,
  adminPrepaidBatches,
  adminSellPrepaidBatch,
  type PrepaidBatch,
  type PrepaidSale,
} from '../../../shared/api/admin-profile.js';
import { adminVoidPrepaidBatch, adminVoidPrepaidCard } from '../../../shared/api/admin-catalogue.js';
import type { Http } from '../../core/http.js';
import { act } from '../../core/act.js';
import type { Files } from '../../core/files.js';
import { createPrepaidStore, type PrepaidCard } from './prepaidStore.js';
export type { PrepaidCard };

/** Voided wins over redeemed, redeemed over sold (issue 23: sold at the counter, not yet redeemed), sold over good. */
export const cardState = (c: Pick<PrepaidCard, 'voidedAt' | 'redeemedAt'> & { soldAt?: string | null }): 'voided' | 'redeemed' | 'sold' | 'good' =>
  c.voidedAt ? 'voided' : c.redeemedAt ? 'redeemed' : c.soldAt ? 'sold' : 'good';

export class PrepaidService {
  readonly store = createPrepaidStore();

  constructor(
    private readonly http: Http,
    private readonly files: Pick<Files, 'csv' | 'print'>,
  ) {}

  load = () =>
    act(this.store, async () => {
      this.store.setState({ batches: await this.http.call(adminPrepaidBatches) });
    });

  /** `soldFor`: the batch is paid now (cash or card) and its money goes into the open shift in the same step. */
  generate = (count: number, amount: number, label: string, soldFor: PrepaidSale['method'] | null = null) =>
    act(this.store, async () => {
      const made = await this.http.call(adminCreatePrepaidBatch, {
        body: { count, amount, ...(label.trim() ? { label: label.trim() } : {}), ...(soldFor ? { soldFor } : {}) },
      });
      this.store.setState({ batches: await this.http.call(adminPrepaidBatches), sold: made.sold });
      await this.openBatch(made.batch, Object.fromEntries(made.cards.map((c) => [c.id, c.code])));
    });

  /** `codes`: the codes of a batch just generated (the only time they are known); none for an older batch. */
  openBatch = async (batch: PrepaidBatch, codes: Record<string, string> = {}) => {
    const cards = await this.http.call(adminPrepaidBatchCards, { params: { id: batch.id } });
    const qr: Record<string, string> = {};
    if (Object.keys(codes).length > 0) {
      const QRCode = (await import('qrcode')).default;
      for (const [id, code] of Object.entries(codes)) qr[id] = await QRCode.toDataURL(code, { margin: 1, width: 160 });
    }
    this.store.setState({ open: { batch, cards, codes, qr } });
  };

  show = (batch: PrepaidBatch) => act(this.store, () => this.openBatch(batch));

  /** Sells the batch's cards not yet sold, redeemed or void (issue 23): the money goes into the open shift. */
  sell = (batch: PrepaidBatch, method: PrepaidSale['method']) =>
    act(this.store, async () => {
      const { sold } = await this.http.call(adminSellPrepaidBatch, { params: { id: batch.id }, body: { method } });
      this.store.setState({ batches: await this.http.call(adminPrepaidBatches), sold });
    });

  close = () => this.store.setState({ open: null });

  voidBatch = (batch: PrepaidBatch) =>
    act(this.store, async () => {
      const { voided } = await this.http.call(adminVoidPrepaidBatch, { params: { id: batch.id } });
      const batches = await this.http.call(adminPrepaidBatches);
      this.store.setState({ batches, notice: String(voided) });
      const fresh = batches.find((b) => b.id === batch.id);
      const open = this.store.getState().open;
      if (open?.batch.id === batch.id && fresh) await this.openBatch(fresh, open.codes);
    });

  voidCard = (cardId: string) =>
    act(this.store, async () => {
      await this.http.call(adminVoidPrepaidCard, { params: { id: cardId } });
      const open = this.store.getState().open;
      const batches = await this.http.call(adminPrepaidBatches);
      this.store.setState({ batches });
      const fresh = open && batches.find((b) => b.id === open.batch.id);
      if (fresh) await this.openBatch(fresh, open.codes);
    });

  /** The open batch's cards as CSV (code, amount, state, redeemed by, when). */
  exportCsv = (labels: { code: string; amount: string; state: string; redeemedBy: string; redeemedAt: string; voidedAt: string }) => {
    const open = this.store.getState().open;
    if (!open) return;
    const rows = [
      [labels.code, labels.amount, labels.state, labels.redeemedBy, labels.redeemedAt, labels.voidedAt],
      ...open.cards.map((c) => [open.codes[c.id] ?? c.hint, c.amount, cardState(c), c.redeemedBy, c.redeemedAt, c.voidedAt]),
    ];
    this.files.csv(`prepaid-${open.batch.createdAt.slice(0, 10)}-${open.batch.id}.csv`, rows);
  };

  printSheet = () => this.files.print();
}
