/** Packages (issue 26, not in the SPEC): what is on sale, what the customer holds, the purchase being confirmed. */
import { create } from 'zustand';
import type { z } from 'zod';
import type { customerPackages, PackageOrder } from '../../shared/api/admin-pricing.js';

type Answer = z.output<typeof customerPackages.response>;
export type PackageOnSale = Answer['onSale'][number];
export type HeldPackage = Answer['held'][number];

export interface PackagesState {
  /** 'unavailable': the cafe server offers no packages (a server that follows only the SPEC). */
  status: 'idle' | 'loading' | 'loaded' | 'unavailable';
  onSale: PackageOnSale[];
  held: HeldPackage[];
  /** The package whose 'Buy with balance' confirmation is open. */
  confirming: PackageOnSale | null;
  buying: boolean;
  /** The package whose 'Order at the desk' confirmation is open. */
  ordering: PackageOnSale | null;
  placing: boolean;
  /** The customer's package orders waiting for staff (our server only). */
  orders: PackageOrder[];
}

export const INITIAL_PACKAGES_STATE: PackagesState = { status: 'idle', onSale: [], held: [], confirming: null, buying: false, ordering: null, placing: false, orders: [] };

export const usePackagesStore = create<PackagesState>()(() => ({ ...INITIAL_PACKAGES_STATE }));

export type PackagesStore = typeof usePackagesStore;
