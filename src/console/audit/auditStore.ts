/** The audit log as the screen reads it: the entries and the filter they answer. */
import { createStore } from 'zustand/vanilla';
import type { AuditEntry } from '../../shared/api/console.js';

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

export const createAuditStore = () => createStore<AuditState>(() => ({ entries: [], filter: { staff: '', station: '', customer: '' }, error: null }));
export type AuditStore = ReturnType<typeof createAuditStore>;
