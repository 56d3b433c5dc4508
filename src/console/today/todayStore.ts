/** The day at a glance as the screen reads it. */
import { createStore } from 'zustand/vanilla';
import type { Today } from '../../shared/api/console.js';

export interface TodayState {
  today: Today | null;
  error: string | null;
}

export const createTodayStore = () => createStore<TodayState>(() => ({ today: null, error: null }));
export type TodayStore = ReturnType<typeof createTodayStore>;
