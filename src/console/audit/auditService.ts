/** The audit log (owner): who did what, to which station or customer, when, from where. */
import { createStore } from 'zustand/vanilla';
import { auditLog, type AuditEntry } from '../../shared/api/console.js';
import type { Http } from '../core/http.js';

export interface AuditFilter {
  staff: string;
  station: string;
  customer: string;
}

export interface AuditState {
  entries: AuditEntry[];
  filter: AuditFilter;
  error: string | null;
}

export class AuditService {
  readonly store = createStore<AuditState>(() => ({ entries: [], filter: { staff: '', station: '', customer: '' }, error: null }));

  constructor(private readonly http: Http) {}

  async load(filter: AuditFilter = this.store.getState().filter): Promise<void> {
    this.store.setState({ filter, error: null });
    try {
      const entries = await this.http.call(auditLog, {
        query: { staff: filter.staff.trim(), station: filter.station.trim(), customer: filter.customer.trim(), limit: 300 },
      });
      this.store.setState({ entries });
    } catch (error) {
      this.store.setState({ error: error instanceof Error ? error.message : String(error) });
    }
  }
}
