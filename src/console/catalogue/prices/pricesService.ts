/**
 * Prices (issue 26): the owner's price list — each group's hourly rate, rate
 * periods, time packages, window packages, member prices — read, edited in a
 * form and saved. The form's draft is checked with the server's own rules
 * first (nothing is sent while a field has a problem); the server checks it
 * again and its problems land at their fields too. Saving is audited by the
 * server like every admin change.
 */
import { adminUpdateStationGroup } from '../../../shared/api/admin-catalogue.js';
import { adminPricing, adminSetPricing } from '../../../shared/api/admin-pricing.js';
import { RouteError } from '../../../shared/api/http.js';
import { priceProblemSchema } from '../../../shared/pricing/index.js';
import type { Http } from '../../core/http.js';
import { act } from '../../core/act.js';
import { listOf, problemsByField, type PriceDraft } from './priceForm.js';
import { createPricesStore } from './pricesStore.js';

export class PricesService {
  readonly store = createPricesStore();

  constructor(private readonly http: Http) {}

  load = () =>
    act(this.store, async () => {
      this.store.setState({ view: await this.http.call(adminPricing), problems: {} });
    });

  /** Saves the form: the price list, then each group rate that changed. Resolves to whether all of it was saved. */
  save = async (draft: PriceDraft): Promise<boolean> => {
    const view = this.store.getState().view;
    const known = view ? { groupIds: view.groups.map((g) => g.id), tierIds: view.tiers.map((t) => t.id) } : undefined;
    const { list, rates, problems } = listOf(draft, known);
    if (!list || Object.keys(problems).length > 0) {
      this.store.setState({ problems, error: null, notice: null });
      return false;
    }
    this.store.setState({ problems: {} });
    const saved = await act(this.store, async () => {
      try {
        await this.http.call(adminSetPricing, { body: list });
      } catch (error) {
        const sent = error instanceof RouteError ? priceProblemSchema.array().safeParse((error.body as { problems?: unknown } | undefined)?.problems) : null;
        if (sent?.success) this.store.setState({ problems: problemsByField(sent.data) });
        throw error;
      }
      for (const group of view?.groups ?? []) {
        const rate = rates[group.id];
        if (rate !== undefined && rate !== group.hourlyRate) await this.http.call(adminUpdateStationGroup, { params: { id: group.id }, body: { hourlyRate: rate } });
      }
      this.store.setState({ view: await this.http.call(adminPricing), notice: 'saved' });
    });
    return saved;
  };
}
