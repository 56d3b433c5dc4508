/** The Squad Hub's state (SPEC §2 panel bottom-right, §3 Friend, Friend request). */
import { create } from 'zustand';
import type { FriendRequest } from '../../shared/api/social.js';
import type { Friend } from '../../shared/entities.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';

export type OwnPresence = 'online' | 'invisible';

export interface SquadState {
  /** 'off': nobody, or a guest, is signed in: no panel. */
  status: 'off' | 'loading' | 'ready' | 'error';
  collapsed: boolean;
  friendCode: string | null;
  friends: Friend[];
  requests: FriendRequest[];
  /** Friend or requester user id → how many friends we share. */
  mutual: Record<string, number>;
  /** What I chose to show my friends. */
  presence: OwnPresence;
  /** The game this station is running for me now (from the shell's AppLaunched). */
  currentGame: string | null;
  /** The friend whose ping choices are open. */
  pingOpenFor: string | null;
  /** The last answer about a friend (ping sent, cooldown), shown under their row. */
  friendNotes: Record<string, UiMessage>;
  /** The add-by-code form's last error. */
  addError: UiMessage | null;
  busy: boolean;
}

export const INITIAL_SQUAD_STATE: SquadState = {
  status: 'off',
  // Folded until the customer opens it (the badge still counts requests): the games come first.
  collapsed: true,
  friendCode: null,
  friends: [],
  requests: [],
  mutual: {},
  presence: 'online',
  currentGame: null,
  pingOpenFor: null,
  friendNotes: {},
  addError: null,
  busy: false,
};

export const useSquadStore = create<SquadState>()(() => ({ ...INITIAL_SQUAD_STATE }));
export type SquadStore = typeof useSquadStore;

export const selectPendingCount = (s: SquadState): number => s.requests.length;

/** Who sent a friend request: our server names them; the SPEC's friendship does (its userId). */
export function requesterOf(request: FriendRequest): string | undefined {
  return request.userId ?? request.friendship?.userId ?? undefined;
}
