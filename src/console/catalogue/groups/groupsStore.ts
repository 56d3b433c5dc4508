/** The station groups as Setup's tabs read them. */
import { createStore } from 'zustand/vanilla';
import type { StationGroup } from '../../../shared/api/admin-catalogue.js';
import { idle, type ActState } from '../../core/act.js';

export interface GroupsState extends ActState {
  groups: StationGroup[];
}

export const createGroupsStore = () => createStore<GroupsState>(() => ({ ...idle, groups: [] }));
