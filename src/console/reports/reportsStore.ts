/** The period report as the screen reads it: the period asked for, the answer, an error. */
import { createStore } from 'zustand/vanilla';
import type { SalesReport } from '../../shared/api/admin-reports.js';

export type Preset = 'today' | 'week' | 'month' | 'dates';

export interface ReportsState {
  preset: Preset;
  from: string;
  to: string;
  report: SalesReport | null;
  busy: boolean;
  error: string | null;
}

export const createReportsStore = () =>
  createStore<ReportsState>(() => ({ preset: 'today', from: '', to: '', report: null, busy: false, error: null }));
export type ReportsStore = ReturnType<typeof createReportsStore>;
