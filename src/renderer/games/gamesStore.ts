/** The station's game library as the dashboard shows it. */
import { create } from 'zustand';
import type { GameEntry } from '../../shared/entities.js';

export type GamesStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface GamesState {
  status: GamesStatus;
  games: GameEntry[];
}

export const useGamesStore = create<GamesState>()(() => ({ status: 'idle', games: [] }));

export type GamesStore = typeof useGamesStore;
