/** Prepaid batches as the tab reads them, and the one open as a sheet. */
import { createStore } from 'zustand/vanilla';
import type { z } from 'zod';
import type { PrepaidBatch, PrepaidSale, prepaidBatchCardSchema } from '../../../shared/api/admin-profile.js';
import { idle, type ActState } from '../../core/act.js';

export type PrepaidCard = z.output<typeof prepaidBatchCardSchema>;

export interface PrepaidState extends ActState {
  batches: PrepaidBatch[];
  /**
   * The batch whose cards are open. `codes` (card id → code) and their QR
   * codes exist only for the batch just generated: the server keeps hashes
   * and shows the codes once, so only that sheet is printable.
   */
  open: { batch: PrepaidBatch; cards: PrepaidCard[]; codes: Record<string, string>; qr: Record<string, string> } | null;
  /** The last sale (issue 23), for its notice. */
  sold: PrepaidSale | null;
}

export const createPrepaidStore = () => createStore<PrepaidState>(() => ({ ...idle, batches: [], open: null, sold: null }));
