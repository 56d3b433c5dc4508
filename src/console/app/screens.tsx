/** The screens the frame offers, in tab order: a new screen is one line here (and its feature in features.ts). */
import type { ComponentType } from 'react';
import { AuditScreen } from '../audit/AuditScreen.js';
import { CatalogueScreen } from '../catalogue/CatalogueScreen.js';
import { CustomersScreen } from '../customers/CustomersScreen.js';
import { InboxScreen } from '../inbox/InboxScreen.js';
import { ReportsScreen } from '../reports/ReportsScreen.js';
import { RoomScreen } from '../room/RoomScreen.js';
import { TotpSetup } from '../session/TotpSetup.js';
import { ShiftsScreen } from '../shifts/ShiftsScreen.js';
import { StaffScreen } from '../staff/StaffScreen.js';
import { StationsScreen } from '../stations/StationsScreen.js';
import { TodayScreen } from '../today/TodayScreen.js';

export interface ScreenEntry {
  /** The hash (#/room) and the catalog key nav.{id}. */
  id: string;
  /** Shown to owners only (the server checks the role on every route anyway). */
  ownerOnly?: boolean;
  Component: ComponentType<{ isOwner: boolean }>;
}

export const SCREENS: readonly ScreenEntry[] = [
  { id: 'room', Component: RoomScreen },
  { id: 'today', Component: TodayScreen },
  { id: 'inbox', Component: InboxScreen },
  { id: 'customers', Component: CustomersScreen },
  { id: 'shifts', Component: ShiftsScreen },
  { id: 'reports', ownerOnly: true, Component: ReportsScreen },
  { id: 'audit', ownerOnly: true, Component: AuditScreen },
  { id: 'stations', Component: StationsScreen },
  { id: 'staff', ownerOnly: true, Component: StaffScreen },
  { id: 'setup', Component: CatalogueScreen },
  { id: 'security', Component: TotpSetup },
];

/** Where a console with an authenticator to enrol is held. */
export const ENROL_SCREEN = 'security';

export const screensFor = (owner: boolean) => SCREENS.filter((screen) => owner || !screen.ownerOnly);
