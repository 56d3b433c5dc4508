/** Cash shifts as the screen reads them: the open shift, the report shown, past shifts. */
import { createStore } from 'zustand/vanilla';
import type { Shift, ShiftReport } from '../../shared/api/console.js';

export interface ShiftsState {
  current: Shift | null;
  report: ShiftReport | null;
  past: Shift[];
  error: string | null;
  busy: boolean;
}

export const createShiftsStore = () => createStore<ShiftsState>(() => ({ current: null, report: null, past: [], error: null, busy: false }));
export type ShiftsStore = ReturnType<typeof createShiftsStore>;
