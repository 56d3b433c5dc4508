/** The room as the screens read it: the stations, receipts, holds, the selection, the ticking clock. */
import { createStore } from 'zustand/vanilla';
import type { Hold, Receipt, RoomStation } from '../../shared/api/console.js';

export interface RoomState {
  stations: RoomStation[];
  receipts: Receipt[];
  holds: Hold[];
  selected: string[];
  now: number;
  error: string | null;
  loaded: boolean;
}

export const createRoomStore = () =>
  createStore<RoomState>(() => ({ stations: [], receipts: [], holds: [], selected: [], now: Date.now(), error: null, loaded: false }));
export type RoomStore = ReturnType<typeof createRoomStore>;
