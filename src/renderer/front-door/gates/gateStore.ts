/** SPEC §4 login outcomes: a login held behind the forced password change or the top-up wait. */
import { create } from 'zustand';
import type { ConnectionInfo, LoginResponse } from '../../../shared/entities.js';

export type GateKind = 'password-change' | 'top-up';

export interface HeldLogin {
  kind: GateKind;
  response: LoginResponse;
  station: ConnectionInfo;
}

export interface GateState {
  held: HeldLogin | null;
}

export const useGateStore = create<GateState>()(() => ({ held: null }));

export type GateStore = typeof useGateStore;
