/** Centre-account pools as the tab reads them. */
import { createStore } from 'zustand/vanilla';
import type { AdminGameAccount } from '../../../shared/api/admin-games.js';
import { idle, type ActState } from '../../core/act.js';

export interface AccountsState extends ActState {
  accounts: AdminGameAccount[];
  /** A password the owner asked to see, until hidden. */
  revealed: { id: string; password: string } | null;
  /** The account whose password was just replaced (the console says so; it never shows it). */
  rotated: string | null;
  /** The cafe's games by name, to bind an account to (issue 23: picked, not typed as ids). */
  games: CatalogueGame[];
}

export interface CatalogueGame {
  jsonId: string;
  name: string;
  platform: number;
}

export const createAccountsStore = () => createStore<AccountsState>(() => ({ ...idle, accounts: [], revealed: null, rotated: null, games: [] }));
