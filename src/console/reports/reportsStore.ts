/** The period report as the screen reads it: the period asked for, the answer, busy and an error (the shared ActState). */
import { createStore } from 'zustand/vanilla';
import type { SalesReport } from '../../shared/api/admin-reports.js';
import { idle, type ActState } from '../core/act.js';

export type Preset = 'today' | 'week' | 'month' | 'dates';

export interface ReportsState extends ActState {
  preset: Preset;
  from: string;
  to: string;
  report: SalesReport | null;
}

export const createReportsStore = () =>
  createStore<ReportsState>(() => ({ ...idle, preset: 'today', from: '', to: '', report: null }));
export type ReportsStore = ReturnType<typeof createReportsStore>;
