/**
 * The games tab's state: the station's library as loaded (the raw entries:
 * the tab groups them into cards, the side bar picks its applications), the
 * games with centre accounts, the search and filters, the launch lock, what
 * is playing, and the open game modal.
 */
import { create } from 'zustand';
import type { Platform } from '../../shared/catalog/platforms.js';
import type { GameEntry } from '../../shared/entities.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';
import type { AccountGameRef, LibraryFilter, LibraryGame } from './library/library.js';

export type GamesStatus = 'idle' | 'loading' | 'loaded' | 'error';

/** Why the last load failed: no answer from the server ('connection') or a bad one ('load'). */
export type GamesFailure = 'connection' | 'load';

/** SPEC §3 currently playing entry (on this station, this session). */
export interface PlayingGame {
  jsonId: string;
  name: string;
  startTime: string;
  /** §9: playing time in whole minutes, kept current every minute while it plays. */
  elapsedTimeMinutes: number;
}

export interface GamesState {
  status: GamesStatus;
  /** Every entry of the station library as returned (plat-, app-, peripheral-, game-…): the side bar reads it. */
  entries: GameEntry[];
  failure: GamesFailure | null;
  /** Games with centre accounts (GET /game-accounts/games-with-accounts), as the server listed them. */
  /** null until the server answered the list (a SPEC-only server may not offer it). */
  accountGames: AccountGameRef[] | null;
  filter: LibraryFilter;
  /** §4 launch lock: every launch button shows 'Launching...' and is blocked. */
  launching: boolean;
  /** Why the last launch failed (the shell's CommandFailed), until the next launch. */
  launchError: UiMessage | null;
  /** What this session is playing (tracked after the 10 s debounce), by Json_ID. */
  playing: Record<string, PlayingGame>;
  /** What the shell says is running right now (AppLaunched until AppClosed), by Json_ID: the modal says so. */
  running: Record<string, true>;
  /** The card whose game modal is open (its App_ID or Json_ID key), and its platform tab. */
  modal: { game: LibraryGame; platform: Platform } | null;
}

export const INITIAL_GAMES_STATE: GamesState = {
  status: 'idle',
  entries: [],
  failure: null,
  accountGames: null,
  filter: { query: '', platform: null, accountsOnly: false },
  launching: false,
  launchError: null,
  playing: {},
  running: {},
  modal: null,
};

export const useGamesStore = create<GamesState>()(() => ({ ...INITIAL_GAMES_STATE }));

export type GamesStore = typeof useGamesStore;
