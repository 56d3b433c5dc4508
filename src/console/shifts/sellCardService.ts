/**
 * A prepaid card sold at the desk, one at a time (issue 23): the owner prints
 * a batch in Setup, the desk sells its cards during the shift. The desk types
 * the code printed on the card (or scans its QR code, which holds the same
 * code); the server answers the card's hint and value, never its code. A
 * card that can be sold is confirmed with its value and the payment method
 * before any money moves; a refusal keeps its `code` so the screen says it in
 * the console's language.
 */
import { createStore } from 'zustand/vanilla';
import { lookUpPrepaidCard, sellPrepaidCard, type PrepaidSale } from '../../shared/api/admin-profile.js';
import { RouteError } from '../../shared/api/http.js';
import { act, idle, type ActState } from '../core/act.js';
import type { Http } from '../core/http.js';

export type CardMethod = PrepaidSale['method'];

/** Why a card was not sold, from the server's `code` (prepaidCard.…). */
export const CARD_REFUSALS = ['unknown', 'sold', 'redeemed', 'void', 'amount'] as const;
export type CardRefusal = { reason: (typeof CARD_REFUSALS)[number]; hint: string; amount: number | null };

export interface SellCardState extends ActState {
  /** The card waiting for the desk's confirmation (its code stays here until sold or cancelled). */
  asking: { code: string; hint: string; amount: number; method: CardMethod } | null;
  /** The last card sold: the screen's receipt. */
  sold: { hint: string; amount: number; method: CardMethod } | null;
  refusal: CardRefusal | null;
}

export const createSellCardStore = () => createStore<SellCardState>(() => ({ ...idle, asking: null, sold: null, refusal: null }));
export type SellCardStore = ReturnType<typeof createSellCardStore>;

/** A refusal the screen words itself (a card sold, redeemed, void, unknown, or worth another amount); null for the rest. */
export function cardRefusal(error: unknown): CardRefusal | null {
  if (!(error instanceof RouteError)) return null;
  const body = error.body as { code?: unknown; hint?: unknown; amount?: unknown } | undefined;
  const reason = typeof body?.code === 'string' && body.code.startsWith('prepaidCard.') ? body.code.slice('prepaidCard.'.length) : null;
  if (!reason || !(CARD_REFUSALS as readonly string[]).includes(reason)) return null;
  return {
    reason: reason as CardRefusal['reason'],
    hint: typeof body?.hint === 'string' ? body.hint : '',
    amount: typeof body?.amount === 'number' ? body.amount : null,
  };
}

export class SellCardService {
  readonly store: SellCardStore = createSellCardStore();

  constructor(
    private readonly http: Http,
    /** After a sale: the shift's report is read again (its prepaid line and the cash expected). */
    private readonly afterSale: () => Promise<void>,
  ) {}

  /** Looks the card up; one that can be sold waits for the confirmation, any other is refused in words. */
  check = (code: string, method: CardMethod) =>
    this.run(async () => {
      const card = await this.http.call(lookUpPrepaidCard, { body: { code: code.trim() } });
      if (card.state !== 'sellable') {
        this.store.setState({ refusal: { reason: card.state, hint: card.hint, amount: card.amount } });
        return false;
      }
      this.store.setState({ asking: { code: code.trim(), hint: card.hint, amount: card.amount, method } });
      return true;
    });

  /** Sells the card the desk confirmed, for the value the confirmation stated. */
  confirm = () =>
    this.run(async () => {
      const asking = this.store.getState().asking;
      if (!asking) return false;
      this.store.setState({ asking: null });
      const { card, sold } = await this.http.call(sellPrepaidCard, { body: { code: asking.code, method: asking.method, amount: asking.amount } });
      this.store.setState({ sold: { hint: card.hint, amount: sold.amount, method: sold.method } });
      await this.afterSale();
      return true;
    });

  cancel = () => this.store.setState({ asking: null });

  /** busy/error around the call; a card refusal is kept apart from the error line (the screen words it). */
  private async run(work: () => Promise<boolean>): Promise<boolean> {
    let done = false;
    this.store.setState({ refusal: null, sold: null });
    await act(this.store, async () => {
      try {
        done = await work();
      } catch (error) {
        const refusal = cardRefusal(error);
        if (!refusal) throw error;
        this.store.setState({ refusal, asking: null });
      }
    });
    return done;
  }
}
