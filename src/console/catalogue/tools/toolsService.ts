/**
 * The rest of the CLI's read-only commands: what is being played (`plays`), a
 * station's last heartbeats (`heartbeats`), and the development outbox
 * (`outbox`: codes and emails the delivery provider wrote instead of sending).
 */
import { adminOutbox, adminStationHeartbeats } from '../../../shared/api/admin.js';
import { adminPlays } from '../../../shared/api/admin-games.js';
import type { Http } from '../../core/http.js';
import { act } from '../../core/act.js';
import { createToolsStore } from './toolsStore.js';
export type { OutboxMessage, Heartbeat } from './toolsStore.js';

export class ToolsService {
  readonly store = createToolsStore();

  constructor(
    private readonly http: Http,
    private readonly isOwner: () => boolean,
  ) {}

  load = () =>
    act(this.store, async () => {
      const [plays, outbox] = await Promise.all([
        this.http.call(adminPlays, { query: { limit: 50 } }),
        this.isOwner() ? this.http.call(adminOutbox, { query: { limit: 50 } }) : Promise.resolve([]),
      ]);
      this.store.setState({ plays, outbox });
    });

  heartbeatsOf = (stationId: string) =>
    act(this.store, async () => {
      const beats = await this.http.call(adminStationHeartbeats, { params: { stationId }, query: { limit: 10 } });
      this.store.setState({ heartbeats: { stationId, beats } });
    });
}
