/**
 * The rest of the CLI's read-only commands: what is being played (`plays`), a
 * station's last heartbeats (`heartbeats`), and the development outbox
 * (`outbox`: codes and emails the delivery provider wrote instead of sending).
 */
import { createStore } from 'zustand/vanilla';
import type { z } from 'zod';
import { adminOutbox, adminStationHeartbeats, type adminHeartbeatSchema } from '../../../shared/api/admin.js';
import { adminPlays, type AdminPlay } from '../../../shared/api/admin-games.js';
import type { Http } from '../../core/http.js';
import { act, idle, type ActState } from '../../core/act.js';

export type OutboxMessage = z.output<typeof adminOutbox.response>[number];
export type Heartbeat = z.output<typeof adminHeartbeatSchema>;

export interface ToolsState extends ActState {
  plays: AdminPlay[];
  outbox: OutboxMessage[];
  heartbeats: { stationId: string; beats: Heartbeat[] } | null;
}

export class ToolsService {
  readonly store = createStore<ToolsState>(() => ({ ...idle, plays: [], outbox: [], heartbeats: null }));

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
