/** The day at a glance: revenue by source, occupancy by hour, stations in use, what waits. */
import { consoleToday } from '../../shared/api/console.js';
import { errorText } from '../core/act.js';
import type { Http } from '../core/http.js';
import { createTodayStore, type TodayStore } from './todayStore.js';

export class TodayService {
  constructor(
    private readonly http: Http,
    readonly store: TodayStore = createTodayStore(),
  ) {}

  async load(): Promise<void> {
    try {
      this.store.setState({ today: await this.http.call(consoleToday), error: null });
    } catch (error) {
      this.store.setState({ error: errorText(error) });
    }
  }
}
