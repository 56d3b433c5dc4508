/** What the stations show, as the tab reads it. */
import { createStore } from 'zustand/vanilla';
import type { z } from 'zod';
import type { adminWifiSchema, AdminAnnouncement } from '../../../shared/api/admin-catalogue.js';
import { idle, type ActState } from '../../core/act.js';

export type Wifi = z.output<typeof adminWifiSchema>;

export interface DisplayState extends ActState {
  announcements: AdminAnnouncement[];
  wifi: Wifi | null;
  /** The last upload: which, its stored name and size. */
  uploaded: { type: 'logo' | 'background_video'; filename: string; bytes: number } | null;
}

export const createDisplayStore = () => createStore<DisplayState>(() => ({ ...idle, announcements: [], wifi: null, uploaded: null }));
