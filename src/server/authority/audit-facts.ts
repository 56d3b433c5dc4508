/**
 * An audit line's facts (issue 23): what a staff action was, to whom, the
 * amount, the method and the note, worked out once from the request and its
 * answer so every screen can word it (src/shared/audit-text.ts) instead of
 * showing `POST /admin/customers/:username/top-up · sara · 200`. Pure.
 */
import type { AuditFacts, AuditVerb } from '../../shared/audit-text.js';

export interface FactsInput {
  actor: string;
  action: string;
  params?: Record<string, unknown>;
  body?: unknown;
  result?: unknown;
  statusCode: number;
  error?: string;
  /** The station's number when the action names a station. */
  stationNumber?: number | null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const field = (value: unknown, key: string): unknown => (value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined);

/** The admin route (METHOD path) or named event → the verb; the rest is `other` with the raw action as its detail. */
const VERB_OF: Record<string, AuditVerb> = {
  'console.login': 'signIn',
  'admin.login': 'signIn',
  'POST /admin/console/logout': 'signOut',
  'POST /admin/customers/:username/top-up': 'topUp',
  'POST /admin/customers/:username/refund': 'refund',
  'POST /admin/customers/:username/free-time': 'freeTime',
  'POST /admin/users/:username/balance': 'adjustBalance',
  'POST /admin/customers/:username/flags': 'gateFlags',
  'POST /admin/customers/:username/disable': 'disableCustomer',
  'POST /admin/customers/:username/enable': 'enableCustomer',
  'POST /admin/staff/:username/disable': 'disableStaff',
  'POST /admin/staff/:username/enable': 'enableStaff',
  'POST /admin/staff/:username/password': 'resetPassword',
  'POST /admin/staff/:username/totp/reset': 'resetTotp',
  'POST /admin/staff': 'createStaff',
  'POST /admin/stations/:stationId/unlock-guest': 'unlockGuest',
  'POST /admin/stations/:stationId/status': 'setStatus',
  'POST /admin/stations/:stationId/command': 'command',
  'POST /admin/sessions/:sessionId/end': 'endSession',
  'POST /admin/orders/:id/approve': 'approveOrder',
  'POST /admin/orders/:id/reject': 'rejectOrder',
  'POST /admin/orders/:id/acknowledge': 'takeOrder',
  // Package orders (issue 26) read as orders do.
  'POST /admin/package-orders/:id/approve': 'approveOrder',
  'POST /admin/package-orders/:id/reject': 'rejectOrder',
  'POST /admin/package-orders/:id/acknowledge': 'takeOrder',
  'POST /admin/shifts/open': 'openShift',
  'POST /admin/shifts/close': 'closeShift',
  'POST /admin/holds': 'hold',
  'POST /admin/holds/:id/release': 'releaseHold',
  'POST /admin/service-calls/:id/acknowledge': 'takeCall',
  'POST /admin/service-calls/:id/resolve': 'resolveCall',
  'POST /admin/reward-claims/:id/acknowledge': 'takeClaim',
  'POST /admin/reward-claims/:id/deliver': 'deliverClaim',
  'POST /admin/reward-claims/:id/cancel': 'cancelClaim',
  'POST /admin/game-accounts/:id/flag/acknowledge': 'takeFlag',
  'POST /admin/game-accounts/:id/unflag': 'clearFlag',
  'POST /admin/customers/:username/packages': 'sellPackage',
  'POST /admin/prepaid-batches/:id/sell': 'sellPrepaid',
  // One card at the desk (issue 23): the card by its hint from the answer (its code is in the body, hidden).
  'POST /admin/prepaid-cards/sell': 'sellPrepaidCard',
  'POST /admin/prepaid-cards/look-up': 'lookUpPrepaidCard',
  'GET /admin/customers/:username': 'readCustomer',
  'GET /admin/customers': 'searchCustomers',
  'GET /admin/prepaid-batches/:id/cards': 'readPrepaidCards',
  'GET /admin/outbox': 'readOutbox',
};

export function auditFacts(input: FactsInput): AuditFacts {
  const { params = {}, body, result } = input;
  let verb: AuditVerb = VERB_OF[input.action] ?? 'other';
  // A batch sold as it is made (issue 23) is a sale of prepaid cards.
  if (input.action === 'POST /admin/prepaid-batches' && text(field(body, 'soldFor'))) verb = 'sellPrepaid';
  const message = text(field(body, 'message'));
  if (verb === 'setStatus' && message) verb = 'lock';
  const order = field(result, 'order');
  const target =
    verb === 'createStaff'
      ? text(field(body, 'username'))
      : verb === 'hold'
        ? text(field(body, 'customer'))
        : verb === 'approveOrder' || verb === 'rejectOrder' || verb === 'takeOrder'
          ? text(field(order ?? result, 'username'))
          : verb === 'readPrepaidCards'
            ? text(params.id)
            : verb === 'sellPrepaidCard'
              ? text(field(field(result, 'card'), 'hint'))
              : verb === 'lookUpPrepaidCard'
                ? text(field(result, 'hint'))
            : verb === 'searchCustomers'
              ? text(params.q)
            : text(params.username) ?? text(params.sessionId) ?? null;
  const amount =
    verb === 'openShift'
      ? num(field(body, 'openingFloat'))
      : verb === 'closeShift'
        ? num(field(body, 'countedCash'))
        : verb === 'approveOrder'
          ? num(field(order, 'price'))
          : verb === 'sellPrepaid'
            ? num(field(field(result, 'sold'), 'amount'))
            : verb === 'sellPrepaidCard'
              ? (num(field(field(result, 'sold'), 'amount')) ?? num(field(body, 'amount')))
              : verb === 'lookUpPrepaidCard'
                ? num(field(result, 'amount'))
            : num(field(body, 'amount'));
  const note =
    verb === 'lock'
      ? message
      : verb === 'hold'
        ? text(field(body, 'label'))
        : verb === 'sellPackage'
          ? text(field(result, 'name'))
          : (text(field(body, 'note')) ?? text(field(body, 'reason')));
  const detail = verb === 'setStatus' ? text(field(body, 'status')) : verb === 'command' ? text(field(body, 'command')) : verb === 'other' ? input.action : null;
  return {
    verb,
    actor: input.actor,
    target,
    station: input.stationNumber ?? null,
    amount,
    method: text(field(body, 'method')) ?? text(field(body, 'soldFor')) ?? (verb === 'approveOrder' ? 'cash' : null),
    note,
    minutes: verb === 'unlockGuest' ? num(field(body, 'minutes')) : null,
    detail,
    refused: input.statusCode >= 400 ? (input.error ?? String(input.statusCode)) : null,
  };
}
