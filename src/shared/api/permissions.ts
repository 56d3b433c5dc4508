/**
 * Who may call which admin route (issue 15). Deny by default: a route missing
 * here is the owner's alone; a test walks `allRoutes` so that every admin route
 * has a line, and a new one forces a decision. The server checks this table on
 * every request; the console reads it only to hide what the signed-in role
 * cannot do.
 */
import type { StaffRole } from './console.js';

type Who = 'staff' | 'owner';

export const ADMIN_ROUTE_ROLES: Readonly<Record<string, Who>> = {
  // Sign-in and the console session itself.
  'GET /admin/console/session': 'staff',
  'POST /admin/console/logout': 'staff',
  'POST /admin/console/totp/setup': 'staff',
  'POST /admin/console/totp/confirm': 'staff',
  // The room and station actions: the shift's work.
  'GET /admin/console/room': 'staff',
  'GET /admin/console/receipts': 'staff',
  'GET /admin/console/today': 'staff',
  'GET /admin/stations': 'staff',
  'GET /admin/stations/:stationId/heartbeats': 'staff',
  'POST /admin/stations/:stationId/unlock-guest': 'staff',
  'POST /admin/stations/:stationId/status': 'staff',
  'POST /admin/stations/:stationId/command': 'staff',
  'POST /admin/sessions/:sessionId/end': 'staff',
  'GET /admin/station-alerts': 'staff',
  // A station's screen (issue 24): the desk looks at what a PC shows.
  'POST /admin/stations/:stationId/screenshot': 'staff',
  'GET /admin/screenshots': 'staff',
  'GET /admin/screenshots/:id': 'staff',
  // The inbox.
  'GET /admin/service-calls': 'staff',
  'POST /admin/service-calls/:id/acknowledge': 'staff',
  'POST /admin/service-calls/:id/resolve': 'staff',
  'GET /admin/orders': 'staff',
  'POST /admin/orders/:id/approve': 'staff',
  'POST /admin/orders/:id/reject': 'staff',
  'POST /admin/orders/:id/acknowledge': 'staff',
  'GET /admin/offers': 'staff',
  // Customers: look up, take money at the counter, send to the gates.
  'GET /admin/customers': 'staff',
  'GET /admin/customers/:username': 'staff',
  'POST /admin/customers': 'staff',
  'GET /admin/games': 'staff',
  'POST /admin/customers/:username/top-up': 'staff',
  'POST /admin/customers/:username/flags': 'staff',
  // Centre accounts at the counter: see them, free a stuck one, clear a flag.
  'GET /admin/game-accounts': 'staff',
  'POST /admin/game-accounts/:id/release': 'staff',
  'POST /admin/game-accounts/:id/unflag': 'staff',
  // What is played now and lately (who, where, how long).
  'GET /admin/plays': 'staff',
  // Holds: reserving stations for a customer or an event.
  'GET /admin/holds': 'staff',
  'POST /admin/holds': 'staff',
  'POST /admin/holds/:id/release': 'staff',
  // Shifts.
  'GET /admin/shifts/current': 'staff',
  'POST /admin/shifts/open': 'staff',
  'POST /admin/shifts/close': 'staff',
  'GET /admin/shifts': 'staff',
  'GET /admin/shifts/:id/report': 'staff',
  // The owner's limits on staff money: staff read them (the owner alone sets them).
  'GET /admin/wallet/limits': 'staff',
  'PUT /admin/wallet/limits': 'owner',
  // Reward claims: handing over what a customer claimed, or taking the claim back (its XP returns).
  'GET /admin/reward-claims': 'staff',
  'POST /admin/reward-claims/:id/deliver': 'staff',
  'POST /admin/reward-claims/:id/cancel': 'staff',
  // The front desk's gaps (issue 15, desk): take a claim or a flagged centre account; turn a troublesome customer off (and on).
  'POST /admin/reward-claims/:id/acknowledge': 'staff',
  'POST /admin/game-accounts/:id/flag/acknowledge': 'staff',
  'POST /admin/customers/:username/disable': 'staff',
  'POST /admin/customers/:username/enable': 'staff',
  // The price list: the desk reads it to sell packages (issue 26).
  'GET /admin/pricing': 'staff',
  'POST /admin/customers/:username/packages': 'staff',
  'GET /admin/customers/:username/packages': 'staff',
  'GET /admin/package-orders': 'staff',
  'POST /admin/package-orders/:id/approve': 'staff',
  'POST /admin/package-orders/:id/reject': 'staff',
  'POST /admin/package-orders/:id/acknowledge': 'staff',
  // Prepaid cards one by one at the desk (issue 23): the owner prints a batch, the desk sells its cards during the shift.
  'POST /admin/prepaid-cards/look-up': 'staff',
  'POST /admin/prepaid-cards/sell': 'staff',

  // The owner's: money taken back, raw balance edits, prices, the catalogue, enrolment, media, people, the log.
  'POST /admin/customers/:username/refund': 'owner',
  'POST /admin/customers/:username/free-time': 'owner',
  'POST /admin/users/:username/balance': 'owner',
  'GET /admin/outbox': 'owner',
  'POST /admin/stations/:stationId/pairing-code': 'owner',
  'DELETE /admin/stations/:stationId/credential': 'owner',
  // A cafe's own stations (issue 22): add, rename, renumber, regroup.
  'POST /admin/stations': 'owner',
  'PATCH /admin/stations/:stationId': 'owner',
  'POST /admin/game-accounts': 'owner',
  'POST /admin/game-accounts/:id/disable': 'owner',
  'POST /admin/game-accounts/:id/enable': 'owner',
  'POST /admin/offers': 'owner',
  'PUT /admin/pricing': 'owner',
  // The period report (issue 26): every sale and who took it, the owner's.
  'GET /admin/reports/sales': 'owner',
  'PATCH /admin/offers/:id': 'owner',
  'PUT /admin/media/logo': 'owner',
  'PUT /admin/media/background-video': 'owner',
  'GET /admin/audit': 'owner',
  // The profile's catalogue: tiers, rewards, prepaid card batches (each card is money).
  'GET /admin/tiers': 'owner',
  'POST /admin/tiers': 'owner',
  'PATCH /admin/tiers/:id': 'owner',
  'DELETE /admin/tiers/:id': 'owner',
  'GET /admin/rewards': 'owner',
  'POST /admin/rewards': 'owner',
  'PATCH /admin/rewards/:id': 'owner',
  'GET /admin/prepaid-batches': 'owner',
  'POST /admin/prepaid-batches': 'owner',
  'GET /admin/prepaid-batches/:id/cards': 'owner',
  'GET /admin/staff': 'owner',
  'POST /admin/staff': 'owner',
  // The catalogue (branch catalogue): staff may read rates, announcements and the WiFi QR; changing them is the owner's.
  'GET /admin/station-groups': 'staff',
  'POST /admin/station-groups': 'owner',
  'PATCH /admin/station-groups/:id': 'owner',
  'POST /admin/stations/:stationId/group': 'owner',
  'POST /admin/game-accounts/:id/password': 'owner',
  'POST /admin/game-accounts/:id/reveal': 'owner',
  'POST /admin/prepaid-batches/:id/void': 'owner',
  'POST /admin/prepaid-batches/:id/sell': 'owner',
  'POST /admin/prepaid-cards/:id/void': 'owner',
  'GET /admin/announcements': 'staff',
  'POST /admin/announcements': 'owner',
  'PATCH /admin/announcements/:id': 'owner',
  'GET /admin/wifi': 'staff',
  'PUT /admin/wifi': 'owner',
  'POST /admin/staff/:username/disable': 'owner',
  'POST /admin/staff/:username/enable': 'owner',
  'POST /admin/staff/:username/password': 'owner',
  'POST /admin/staff/:username/totp/reset': 'owner',
  // An owner's authenticator enrolment needs a one-time code another owner issues (issue 22).
  'POST /admin/staff/:username/totp/setup-code': 'owner',
};

/** What an owner may do before the second factor is set up: only set it up. */
export const BEFORE_SECOND_FACTOR: ReadonlySet<string> = new Set([
  'GET /admin/console/session',
  'POST /admin/console/logout',
  'POST /admin/console/totp/setup',
  'POST /admin/console/totp/confirm',
]);

/** Whether a role may call a route (`METHOD /path`); unknown routes: owners only. */
export function roleMay(role: StaffRole, routeKey: string): boolean {
  if (role === 'owner') return true;
  return ADMIN_ROUTE_ROLES[routeKey] === 'staff';
}
