/**
 * An audit line's facts (issue 23): what a staff action was, to whom, the
 * amount, the method and the note, worked out once from the request and its
 * answer so every screen can word it (src/shared/audit-text.ts) instead of
 * showing `POST /admin/customers/:username/top-up · sara · 200`. Pure.
 */
import { RECEIPT_REASONS } from '../../shared/api/console.js';
import type { AuditFacts, AuditVerb, RefusalCode } from '../../shared/audit-text.js';
import { OWNER_ONLY } from './admin-gate.js';

export interface FactsInput {
  actor: string;
  action: string;
  params?: Record<string, unknown>;
  body?: unknown;
  result?: unknown;
  statusCode: number;
  error?: string;
  /** The domain's code for the refusal (wallet.actionLimit, prepaidCard.sold, …). */
  errorCode?: string;
  /** The station's number when the action names a station. */
  stationNumber?: number | null;
  /** Names looked up for ids the request carries (a centre account's username, a station group's name). */
  names?: { account?: string | null; group?: string | null };
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
  // Every other staff and owner action (issue 23); a test walks src/shared/api/permissions.ts so none is `other`.
  'POST /admin/customers': 'createCustomer',
  'POST /admin/stations/:stationId/screenshot': 'screenshot',
  'POST /admin/console/totp/setup': 'setupTotp',
  'POST /admin/console/totp/confirm': 'confirmTotp',
  'POST /admin/staff/:username/totp/setup-code': 'issueTotpCode',
  'POST /admin/game-accounts/:id/release': 'freeGameAccount',
  'POST /admin/game-accounts': 'addGameAccount',
  'POST /admin/game-accounts/:id/disable': 'disableGameAccount',
  'POST /admin/game-accounts/:id/enable': 'enableGameAccount',
  'POST /admin/game-accounts/:id/password': 'setGameAccountPassword',
  'POST /admin/game-accounts/:id/reveal': 'revealGameAccount',
  'PUT /admin/wallet/limits': 'setLimits',
  'PUT /admin/pricing': 'setPricing',
  'POST /admin/stations/:stationId/pairing-code': 'pairingCode',
  'DELETE /admin/stations/:stationId/credential': 'revokeCredential',
  'POST /admin/stations': 'addStation',
  'PATCH /admin/stations/:stationId': 'editStation',
  'POST /admin/stations/:stationId/group': 'setStationGroup',
  'POST /admin/station-groups': 'createGroup',
  'PATCH /admin/station-groups/:id': 'editGroup',
  'POST /admin/offers': 'createOffer',
  'PATCH /admin/offers/:id': 'updateOffer',
  'POST /admin/tiers': 'createTier',
  'PATCH /admin/tiers/:id': 'updateTier',
  'DELETE /admin/tiers/:id': 'deleteTier',
  'POST /admin/rewards': 'createReward',
  'PATCH /admin/rewards/:id': 'updateReward',
  'POST /admin/announcements': 'createAnnouncement',
  'PATCH /admin/announcements/:id': 'updateAnnouncement',
  'PUT /admin/wifi': 'setWifi',
  'PUT /admin/media/logo': 'setLogo',
  'PUT /admin/media/background-video': 'setBackgroundVideo',
  'POST /admin/prepaid-batches': 'createPrepaidBatch',
  'POST /admin/prepaid-batches/:id/void': 'voidPrepaidBatch',
  'POST /admin/prepaid-cards/:id/void': 'voidPrepaidCard',
};

/** The verb of an admin route or named event; `other` for a route with none (a test keeps every mutating route out of it). */
export function auditVerbOf(action: string): AuditVerb {
  return VERB_OF[action] ?? 'other';
}

/** The domains' refusal codes (HttpError details.code) the audit words. */
const DOMAIN_CODES: Readonly<Record<string, RefusalCode>> = {
  'wallet.actionLimit': 'actionLimit',
  'wallet.shiftLimit': 'shiftLimit',
  'prepaidCard.sold': 'cardSold',
  'prepaidCard.redeemed': 'cardRedeemed',
  'prepaidCard.void': 'cardVoid',
  'prepaidCard.unknown': 'cardUnknown',
  'prepaidCard.amount': 'cardAmount',
};

/** Why an action was refused, as a code each language words (never the server's English in the sentence). */
export function refusalCode(statusCode: number, error: string | undefined, errorCode?: string): RefusalCode {
  const known = errorCode ? DOMAIN_CODES[errorCode] : undefined;
  if (known) return known;
  if (error === RECEIPT_REASONS.offline) return 'offline';
  if (error === OWNER_ONLY) return 'ownerOnly';
  if (statusCode === 400 || statusCode === 422) return 'invalid';
  if (statusCode === 401 || statusCode === 403) return 'notAllowed';
  if (statusCode === 404) return 'notFound';
  if (statusCode === 409) return 'conflict';
  if (statusCode === 429) return 'tooMany';
  if (statusCode === 503) return 'unavailable';
  return 'failed';
}

const ints = (value: unknown): number[] =>
  Array.isArray(value) ? value.map((v) => num(field(v, 'stationNumber'))).filter((n): n is number => n !== null) : [];

/** A hold's or holds' PCs and end, from the answer (one hold, or the list a new hold made). */
function holdFacts(result: unknown): Pick<AuditFacts, 'stations' | 'until'> {
  const holds = Array.isArray(result) ? result : result ? [result] : [];
  const stations = [...new Set(ints(holds))].sort((a, b) => a - b);
  const ends = holds.map((h) => text(field(h, 'endsAt'))).filter((e): e is string => e !== null).sort();
  return { stations, until: ends.at(-1) ?? null };
}

/**
 * What each verb takes from the request and its answer, beyond the defaults (a customer or staff username in the
 * path, the body's amount, method and note). Never a secret: a password, a code or a key is never read here.
 */
type Picked = Partial<Omit<AuditFacts, 'verb' | 'actor' | 'refused'>>;
const PICK: Partial<Record<AuditVerb, (i: FactsInput) => Picked>> = {
  createStaff: ({ body }) => ({ target: text(field(body, 'username')) }),
  createCustomer: ({ body, result }) => ({ target: text(field(result, 'username')) ?? text(field(body, 'username')) }),
  hold: ({ body, result }) => ({ target: text(field(body, 'customer')), note: text(field(body, 'label')), ...holdFacts(result) }),
  releaseHold: ({ result }) => ({ target: text(field(result, 'customer')), note: text(field(result, 'label')), ...holdFacts(result), until: null }),
  approveOrder: ({ result }) => ({ target: text(field(field(result, 'order') ?? result, 'username')), amount: num(field(field(result, 'order'), 'price')), method: 'cash' }),
  rejectOrder: ({ result }) => ({ target: text(field(field(result, 'order') ?? result, 'username')) }),
  takeOrder: ({ result }) => ({ target: text(field(field(result, 'order') ?? result, 'username')) }),
  readPrepaidCards: ({ params }) => ({ target: text(params?.id) }),
  sellPrepaidCard: ({ body, result }) => ({
    target: text(field(field(result, 'card'), 'hint')),
    amount: num(field(field(result, 'sold'), 'amount')) ?? num(field(body, 'amount')),
  }),
  lookUpPrepaidCard: ({ result }) => ({ target: text(field(result, 'hint')), amount: num(field(result, 'amount')) }),
  searchCustomers: ({ params }) => ({ target: text(params?.q) }),
  openShift: ({ body }) => ({ amount: num(field(body, 'openingFloat')) }),
  closeShift: ({ body }) => ({ amount: num(field(body, 'countedCash')) }),
  sellPrepaid: ({ result }) => ({ amount: num(field(field(result, 'sold'), 'amount')) }),
  sellPackage: ({ result }) => ({ note: text(field(result, 'name')) }),
  lock: ({ body }) => ({ note: text(field(body, 'message')) }),
  setStatus: ({ body }) => ({ detail: text(field(body, 'status')) }),
  command: ({ body }) => ({ detail: text(field(body, 'command')), note: text(field(body, 'newName')) }),
  unlockGuest: ({ body }) => ({ minutes: num(field(body, 'minutes')) }),
  // A centre account by its username (never its password, which a reveal's answer carries).
  freeGameAccount: ({ result, names }) => ({ target: text(field(result, 'username')) ?? names?.account ?? null }),
  addGameAccount: ({ body, result }) => ({ target: text(field(result, 'username')) ?? text(field(body, 'username')) }),
  disableGameAccount: ({ result, names }) => ({ target: text(field(result, 'username')) ?? names?.account ?? null }),
  enableGameAccount: ({ result, names }) => ({ target: text(field(result, 'username')) ?? names?.account ?? null }),
  setGameAccountPassword: ({ names }) => ({ target: names?.account ?? null }),
  revealGameAccount: ({ names }) => ({ target: names?.account ?? null }),
  takeFlag: ({ names }) => ({ target: names?.account ?? null }),
  clearFlag: ({ names }) => ({ target: names?.account ?? null }),
  setLimits: ({ body }) => ({ amount: num(field(body, 'actionMax')), secondAmount: num(field(body, 'shiftMax')) }),
  addStation: ({ body, result }) => ({ station: num(field(result, 'number')) ?? num(field(body, 'number')), note: text(field(body, 'name')) }),
  editStation: ({ body }) => ({ note: text(field(body, 'name')) }),
  setStationGroup: ({ names }) => ({ target: names?.group ?? null }),
  createGroup: ({ body, result }) => ({ target: text(field(result, 'name')) ?? text(field(body, 'name')), amount: num(field(body, 'hourlyRate')) }),
  editGroup: ({ result }) => ({ target: text(field(result, 'name')) }),
  createOffer: ({ result, body }) => ({ target: text(field(result, 'name')) ?? text(field(body, 'name')) }),
  updateOffer: ({ result }) => ({ target: text(field(result, 'name')) }),
  createTier: ({ result, body }) => ({ target: text(field(result, 'name')) ?? text(field(body, 'name')) }),
  updateTier: ({ result }) => ({ target: text(field(result, 'name')) }),
  createReward: ({ result, body }) => ({ target: text(field(result, 'name')) ?? text(field(body, 'name')) }),
  updateReward: ({ result }) => ({ target: text(field(result, 'name')) }),
  createAnnouncement: ({ result, body }) => ({ target: text(field(result, 'title')) ?? text(field(body, 'title')) }),
  updateAnnouncement: ({ result }) => ({ target: text(field(result, 'title')) }),
  setWifi: ({ body }) => ({ target: text(field(body, 'ssid')) }),
  createPrepaidBatch: ({ body }) => ({ amount: num(field(body, 'amount')), count: num(field(body, 'count')), note: text(field(body, 'label')) }),
  voidPrepaidBatch: ({ result }) => ({ count: num(field(result, 'voided')) }),
  voidPrepaidCard: ({ result }) => ({ target: text(field(result, 'hint')) }),
};

/** Verbs whose default target (a username in the path) is not theirs: what they act on comes from PICK or nowhere. */
const NO_PATH_TARGET: ReadonlySet<AuditVerb> = new Set(['setupTotp', 'confirmTotp']);

export function auditFacts(input: FactsInput): AuditFacts {
  const { params = {}, body } = input;
  let verb = auditVerbOf(input.action);
  // A batch sold as it is made (issue 23) is a sale of prepaid cards.
  if (verb === 'createPrepaidBatch' && text(field(body, 'soldFor'))) verb = 'sellPrepaid';
  if (verb === 'setStatus' && text(field(body, 'message'))) verb = 'lock';
  // The WiFi QR taken off the stations.
  if (verb === 'setWifi' && field(body, 'active') === false) verb = 'wifiOff';
  const picked = PICK[verb]?.(input) ?? {};
  const facts: AuditFacts = {
    verb,
    actor: input.actor,
    target: NO_PATH_TARGET.has(verb) ? null : (text(params.username) ?? text(params.sessionId) ?? null),
    station: input.stationNumber ?? null,
    amount: num(field(body, 'amount')),
    method: text(field(body, 'method')) ?? text(field(body, 'soldFor')),
    note: text(field(body, 'note')) ?? text(field(body, 'reason')),
    minutes: null,
    detail: verb === 'other' ? input.action : null,
    refused: input.statusCode >= 400 ? refusalCode(input.statusCode, input.error, input.errorCode) : null,
  };
  return { ...facts, ...picked };
}
