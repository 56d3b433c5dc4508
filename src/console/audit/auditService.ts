/** The audit log (owner): who did what, to which station or customer, when, from where. */
import { auditLog } from '../../shared/api/console.js';
import { errorText } from '../core/act.js';
import type { Http } from '../core/http.js';
import { createAuditStore, type AuditFilter, type AuditStore } from './auditStore.js';

export class AuditService {
  constructor(
    private readonly http: Http,
    readonly store: AuditStore = createAuditStore(),
  ) {}

  async load(filter: AuditFilter = this.store.getState().filter): Promise<void> {
    this.store.setState({ filter, error: null });
    try {
      const entries = await this.http.call(auditLog, {
        query: { staff: filter.staff.trim(), station: filter.station.trim(), customer: filter.customer.trim(), limit: 300 },
      });
      this.store.setState({ entries });
    } catch (error) {
      this.store.setState({ error: errorText(error) });
    }
  }
}
