/**
 * Prices (issue 26): the owner's price list — rate periods, time and window
 * packages, member prices — read and replaced whole. The server checks it
 * and names every problem; nothing is saved until it is sound.
 */
import { adminPricing, adminSetPricing } from '../../../shared/api/admin-pricing.js';
import { priceListSchema, type PriceList } from '../../../shared/pricing/types.js';
import type { Http } from '../../core/http.js';
import { act } from '../../core/act.js';
import { createPricesStore } from './pricesStore.js';

export class PricesService {
  readonly store = createPricesStore();

  constructor(private readonly http: Http) {}

  load = () =>
    act(this.store, async () => {
      this.store.setState({ view: await this.http.call(adminPricing) });
    });

  save = (list: PriceList) =>
    act(this.store, async () => {
      const view = await this.http.call(adminSetPricing, { body: list });
      this.store.setState({ view, notice: 'saved' });
    });

  /** The owner's edited text: JSON of a price list; a parse problem is shown like a server refusal. */
  saveText = (text: string) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      this.store.setState({ error: error instanceof Error ? error.message : String(error), notice: null });
      return Promise.resolve(false);
    }
    const list = priceListSchema.safeParse(parsed);
    if (!list.success) {
      this.store.setState({ error: list.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join(' '), notice: null });
      return Promise.resolve(false);
    }
    return this.save(list.data);
  };
}
