/** The station's game library as the dashboard shows it. */
import { create } from 'zustand';
import type { GameEntry } from '../../shared/entities.js';
import type { LibraryGame } from './gamesService.js';

export type GamesStatus = 'idle' | 'loading' | 'loaded' | 'error';

/** Why the last load failed: no answer from the server ('connection') or a bad one ('load'). */
export type GamesFailure = 'connection' | 'load';

export interface GamesState {
  status: GamesStatus;
  games: LibraryGame[];
  /** Every entry of the station library as returned (launchers, applications, games). */
  entries: GameEntry[];
  failure: GamesFailure | null;
}

export const INITIAL_GAMES_STATE: GamesState = { status: 'idle', games: [], entries: [], failure: null };

export const useGamesStore = create<GamesState>()(() => ({ ...INITIAL_GAMES_STATE }));

export type GamesStore = typeof useGamesStore;
