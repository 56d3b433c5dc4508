/** Plays, heartbeats and the outbox as the tab reads them. */
import { createStore } from 'zustand/vanilla';
import type { z } from 'zod';
import type { adminHeartbeatSchema, adminOutbox } from '../../../shared/api/admin.js';
import type { AdminPlay } from '../../../shared/api/admin-games.js';
import { idle, type ActState } from '../../core/act.js';

export type OutboxMessage = z.output<typeof adminOutbox.response>[number];
export type Heartbeat = z.output<typeof adminHeartbeatSchema>;

export interface ToolsState extends ActState {
  plays: AdminPlay[];
  outbox: OutboxMessage[];
  heartbeats: { stationId: string; beats: Heartbeat[] } | null;
}

export const createToolsStore = () => createStore<ToolsState>(() => ({ ...idle, plays: [], outbox: [], heartbeats: null }));
