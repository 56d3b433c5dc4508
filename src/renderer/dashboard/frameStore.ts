/** What the dashboard frame shows besides the session: the master volume, the time warning, the R6 picker. */
import { create } from 'zustand';
import { DEFAULT_VOLUME } from '../../shared/constants.js';

export interface FrameState {
  /** SPEC §9: 0–100, default 75; follows the shell's SystemVolumeChanged. */
  volume: number;
  /** The time warning on screen (minutes left), until dismissed or the next one. */
  warning: number | null;
  r6PickerOpen: boolean;
}

export const INITIAL_FRAME_STATE: FrameState = { volume: DEFAULT_VOLUME, warning: null, r6PickerOpen: false };

export const useFrameStore = create<FrameState>()(() => ({ ...INITIAL_FRAME_STATE }));

export type FrameStore = typeof useFrameStore;
