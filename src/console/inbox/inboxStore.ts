/** The inbox as the screens read it: calls, orders, claims, flagged accounts, room alerts. */
import { createStore } from 'zustand/vanilla';
import type { AdminGameAccount } from '../../shared/api/admin-games.js';
import type { AdminClaim } from '../../shared/api/admin-profile.js';
import type { PackageOrder } from '../../shared/api/admin-pricing.js';
import type { Order, ServiceCall } from '../../shared/api/admin-store.js';
/** Something in the room that needs a person: the one rule of src/shared/inbox.ts (the Today screen counts it too). */
import { waitingTotal, type RoomAlert } from '../../shared/inbox.js';
import type { StaffPayloads } from '../../shared/socket/staff-events.js';

/** A security alert pushed on /staff (issue 22: a second factor locked after wrong codes), kept until someone marks it seen. */
export type SecurityAlert = StaffPayloads['securityAlert'] & { key: string };

export interface InboxState {
  calls: ServiceCall[];
  orders: Order[];
  /** Packages ordered at stations, waiting for approval (issue 26). */
  packageOrders: PackageOrder[];
  /** Reward claims waiting at the counter (CLAIMED). */
  claims: AdminClaim[];
  /** Centre accounts with a failed-launch flag. */
  flags: AdminGameAccount[];
  alerts: RoomAlert[];
  /** Security alerts, newest first (live: the audit log keeps them for a console that was closed). */
  security: SecurityAlert[];
  /** The one shown as a toast over every screen, until dismissed or it times out. */
  toast: SecurityAlert | null;
  notice: string | null;
  error: string | null;
}

export const createInboxStore = () =>
  createStore<InboxState>(() => ({ calls: [], orders: [], packageOrders: [], claims: [], flags: [], alerts: [], security: [], toast: null, notice: null, error: null }));
export type InboxStore = ReturnType<typeof createInboxStore>;

/**
 * How many things wait for a person (the tab's badge and the page title): the shared rule Today counts by
 * too (`waitingTotal`); security alerts are apart (their toast, chime and rows), as Today cannot count them.
 */
export const count = (state: Pick<InboxState, 'calls' | 'orders' | 'claims' | 'flags' | 'alerts'> & Partial<Pick<InboxState, 'packageOrders'>>) =>
  waitingTotal({
    calls: state.calls.length,
    orders: state.orders.length,
    packageOrders: state.packageOrders?.length ?? 0,
    claims: state.claims.length,
    flags: state.flags.length,
    alerts: state.alerts.length,
  });
