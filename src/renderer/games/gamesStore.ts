/** The station's game library as the dashboard shows it. */
import { create } from 'zustand';
import type { LibraryGame } from './gamesService.js';

export type GamesStatus = 'idle' | 'loading' | 'loaded' | 'error';

export interface GamesState {
  status: GamesStatus;
  games: LibraryGame[];
}

export const useGamesStore = create<GamesState>()(() => ({ status: 'idle', games: [] }));

export type GamesStore = typeof useGamesStore;
