/** The day at a glance: revenue by source, occupancy by hour, stations in use, what waits. */
import { createStore } from 'zustand/vanilla';
import { consoleToday, type Today } from '../../shared/api/console.js';
import type { Http } from '../core/http.js';

export interface TodayState {
  today: Today | null;
  error: string | null;
}

export class TodayService {
  readonly store = createStore<TodayState>(() => ({ today: null, error: null }));

  constructor(private readonly http: Http) {}

  async load(): Promise<void> {
    try {
      this.store.setState({ today: await this.http.call(consoleToday), error: null });
    } catch (error) {
      this.store.setState({ error: error instanceof Error ? error.message : String(error) });
    }
  }
}
