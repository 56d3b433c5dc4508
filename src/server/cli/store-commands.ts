/**
 * The operator CLI's dashboard commands (service calls, offers, orders):
 *   npm run cafe -- calls [--all]            calls ack <id>     calls resolve <id>
 *   npm run cafe -- offers                   offers add --name N --type T --minimum IQD [--amount IQD] [--percent P] [--max IQD] [--description D]
 *   npm run cafe -- offers edit <id> [flags] offers deactivate <id>   offers activate <id>
 *   npm run cafe -- orders [--all]           orders approve <id>        orders reject <id> --reason TEXT
 * Parsed here (null for any other command, which args.ts parses) and run over the admin REST API.
 */
import {
  adminAcknowledgeServiceCall,
  adminApproveOrder,
  adminCreateOffer,
  adminOffers,
  adminOrders,
  adminRejectOrder,
  adminResolveServiceCall,
  adminServiceCalls,
  adminUpdateOffer,
  type AdminOffer,
  type Order,
  type ServiceCall,
} from '../../shared/api/routes.js';
import { OFFER_TYPES } from '../../shared/entities.js';
import { offerValue } from '../../shared/offers.js';
import { envValue, flagValue, tokenize, UsageError, type ParsedArgv } from '../config/argv.js';
import { adminCredentials } from './secrets.js';
import { DEFAULT_SERVER } from './args.js';
import type { AdminClient } from './client.js';
import { printable, table } from './format.js';

type OfferFlags = {
  name?: string;
  description?: string;
  offerType?: (typeof OFFER_TYPES)[number];
  minimumPurchase?: number;
  discountAmount?: number;
  discountPercentage?: number;
  maximumDiscount?: number;
};

export type StoreCommand =
  | { name: 'calls'; all: boolean }
  | { name: 'calls ack' | 'calls resolve'; id: number }
  | { name: 'offers' }
  | { name: 'offers add'; offer: OfferFlags & { name: string; offerType: (typeof OFFER_TYPES)[number] } }
  | { name: 'offers edit'; id: string; offer: OfferFlags }
  | { name: 'offers deactivate' | 'offers activate'; id: string }
  | { name: 'orders'; all: boolean }
  | { name: 'orders approve'; id: number }
  | { name: 'orders reject'; id: number; reason: string };

export interface StoreInvocation {
  server: string;
  user: string;
  /** From SPAWNPOINT_ADMIN_PASSWORD; undefined: asked when needed (never a flag, never a default). */
  password: string | undefined;
  store: StoreCommand;
}

export const STORE_USAGE = `Dashboard (service calls, offers, orders):
  calls [--all]                              open and acknowledged service calls (--all: resolved too)
  calls ack <id> | calls resolve <id>        take a call / mark it done
  offers                                     every offer, active or not, with its value
  offers add --name N --type T --minimum IQD [--amount IQD] [--percent P] [--max IQD] [--description D]
                                             T: fixed_amount_discount | percentage_discount | credit_bonus
  offers edit <id> [the same flags]          change an offer
  offers deactivate <id> | offers activate <id>
  orders [--all]                             pending orders (--all: decided ones too)
  orders approve <id>                        the customer paid: add the credit to their balance
  orders reject <id> --reason TEXT           refuse an order, saying why`;

const STORE_COMMANDS = new Set(['calls', 'offers', 'orders']);
const OFFER_FLAGS = ['name', 'type', 'minimum', 'amount', 'percent', 'max', 'description'];
const FLAGS_OF: Record<string, readonly string[]> = {
  calls: ['all'],
  orders: ['all'],
  'orders reject': ['reason'],
  'offers add': OFFER_FLAGS,
  'offers edit': OFFER_FLAGS,
};

function rowId(raw: string | undefined, what: string): number {
  if (!raw || !/^\d+$/.test(raw) || Number(raw) < 1) throw new UsageError(`${what} takes a numeric <id>, got '${raw ?? ''}'`);
  return Number(raw);
}

function iqd(parsed: ParsedArgv, flag: string): number | undefined {
  const raw = flagValue(parsed, flag);
  if (raw === undefined) return undefined;
  if (!/^\d+$/.test(raw)) throw new UsageError(`--${flag} must be a whole number of IQD, got '${raw}'`);
  return Number(raw);
}

function offerFlags(parsed: ParsedArgv): OfferFlags {
  const type = flagValue(parsed, 'type');
  if (type !== undefined && !OFFER_TYPES.includes(type as never)) {
    throw new UsageError(`--type must be one of ${OFFER_TYPES.join(', ')}, got '${type}'`);
  }
  const percent = flagValue(parsed, 'percent');
  if (percent !== undefined && !(/^\d+(\.\d+)?$/.test(percent) && Number(percent) <= 100)) {
    throw new UsageError(`--percent must be a number from 0 to 100, got '${percent}'`);
  }
  const flags: OfferFlags = {
    name: flagValue(parsed, 'name'),
    description: flagValue(parsed, 'description'),
    offerType: type as OfferFlags['offerType'],
    minimumPurchase: iqd(parsed, 'minimum'),
    discountAmount: iqd(parsed, 'amount'),
    discountPercentage: percent === undefined ? undefined : Number(percent),
    maximumDiscount: iqd(parsed, 'max'),
  };
  return Object.fromEntries(Object.entries(flags).filter(([, v]) => v !== undefined)) as OfferFlags;
}

function parseStoreCommand(name: string, args: string[], parsed: ParsedArgv): StoreCommand {
  const [verb, id, ...extra] = args;
  const full = verb ? `${name} ${verb}` : name;
  for (const flag of ['all', 'reason', ...OFFER_FLAGS]) {
    if (parsed.flags.has(flag) && !FLAGS_OF[full]?.includes(flag)) throw new UsageError(`--${flag} does not apply to '${full}'`);
  }
  const noMore = (expected: number) => {
    if (args.length > expected) throw new UsageError(`'${full}' got an unexpected argument '${args[expected] ?? ''}'`);
  };
  if (extra.length > 0) noMore(2);
  switch (full) {
    case 'calls':
    case 'orders':
      return { name: full, all: parsed.flags.has('all') };
    case 'offers':
      return { name: 'offers' };
    case 'calls ack':
    case 'calls resolve':
    case 'orders approve':
      return { name: full, id: rowId(id, full) };
    case 'orders reject': {
      const reason = flagValue(parsed, 'reason')?.trim();
      if (!reason) throw new UsageError("'orders reject' needs --reason TEXT");
      return { name: full, id: rowId(id, full), reason };
    }
    case 'offers add': {
      noMore(1);
      const offer = offerFlags(parsed);
      if (!offer.name || !offer.offerType) throw new UsageError("'offers add' needs --name and --type");
      return { name: full, offer: { ...offer, name: offer.name, offerType: offer.offerType } };
    }
    case 'offers edit':
    case 'offers deactivate':
    case 'offers activate': {
      if (!id) throw new UsageError(`'${full}' takes <offerId>`);
      if (full !== 'offers edit') return { name: full, id };
      const offer = offerFlags(parsed);
      if (Object.keys(offer).length === 0) throw new UsageError("'offers edit' needs at least one flag to change");
      return { name: full, id, offer };
    }
    default:
      throw new UsageError(`unknown command '${full}' (try 'help')`);
  }
}

/** The dashboard command in argv, or null when argv names another command. Throws UsageError. */
export function parseStoreArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): StoreInvocation | null {
  let parsed: ParsedArgv;
  try {
    parsed = tokenizeStore(argv);
  } catch (error) {
    // A flag only another command knows: that command's parser answers.
    if (!argv.some((arg) => STORE_COMMANDS.has(arg))) return null;
    throw error;
  }
  const [name, ...args] = parsed.positionals;
  if (!name || !STORE_COMMANDS.has(name) || parsed.flags.has('help')) return null;
  const server = flagValue(parsed, 'server') ?? envValue(env, 'SPAWNPOINT_SERVER') ?? DEFAULT_SERVER;
  if (!URL.canParse(server) || !/^https?:$/.test(new URL(server).protocol)) {
    throw new UsageError(`--server must be an http(s) URL, got '${server}'`);
  }
  for (const flag of ['minutes', 'limit']) if (parsed.flags.has(flag)) throw new UsageError(`--${flag} does not apply to '${name}'`);
  return {
    server: server.replace(/\/+$/, ''),
    ...adminCredentials(parsed, env),
    store: parseStoreCommand(name, args, parsed),
  };
}

function tokenizeStore(argv: readonly string[]): ParsedArgv {
  return tokenize(argv, {
    server: 'value',
    user: 'value',
    password: 'value',
    all: 'boolean',
    reason: 'value',
    name: 'value',
    type: 'value',
    minimum: 'value',
    amount: 'value',
    percent: 'value',
    max: 'value',
    description: 'value',
    help: 'boolean',
    minutes: 'value',
    limit: 'value',
  });
}

const callsTable = (calls: ServiceCall[]) =>
  calls.length === 0
    ? 'No service calls waiting'
    : table(
        ['ID', 'TYPE', 'STATION', 'USER', 'STATUS', 'AT', 'MESSAGE'],
        calls.map((c) => [
          String(c.id),
          c.type,
          c.stationId,
          printable(c.isGuest ? `${c.username} (guest)` : c.username),
          c.status === 'open' ? 'open' : `${c.status} by ${printable((c.status === 'resolved' ? c.resolvedBy : c.acknowledgedBy) ?? '?')}`,
          c.createdAt,
          printable(c.message),
        ]),
      );

const ordersTable = (orders: Order[]) =>
  orders.length === 0
    ? 'No orders waiting'
    : table(
        ['ID', 'USER', 'STATION', 'OFFER', 'PAYS', 'GETS', 'STATUS', 'AT'],
        orders.map((o) => [
          String(o.id),
          printable(o.username),
          o.stationId ?? '-',
          printable(o.offerName),
          `${o.price} IQD`,
          `${o.credit} IQD`,
          o.status === 'rejected' ? `rejected: ${printable(o.rejectReason ?? '')}` : o.status,
          o.createdAt,
        ]),
      );

const offersTable = (offers: AdminOffer[]) =>
  offers.length === 0
    ? 'No offers'
    : table(
        ['ID', 'NAME', 'TYPE', 'MINIMUM', 'VALUE', 'ACTIVE'],
        offers.map((o) => [o.id, printable(o.name), o.offerType, `${o.minimumPurchase} IQD`, `${offerValue(o)} IQD`, o.active ? 'yes' : 'no']),
      );

export async function runStoreCommand(client: AdminClient, command: StoreCommand): Promise<string> {
  switch (command.name) {
    case 'calls':
      return callsTable(await client.call(adminServiceCalls, { query: { status: command.all ? 'all' : undefined } }));
    case 'calls ack': {
      const call = await client.call(adminAcknowledgeServiceCall, { params: { id: command.id } });
      return `Call #${call.id} (${call.type} at ${call.stationId}) acknowledged`;
    }
    case 'calls resolve': {
      const call = await client.call(adminResolveServiceCall, { params: { id: command.id } });
      return `Call #${call.id} (${call.type} at ${call.stationId}) resolved`;
    }
    case 'offers':
      return offersTable(await client.call(adminOffers));
    case 'offers add': {
      const offer = await client.call(adminCreateOffer, { body: command.offer });
      return `Created offer ${offer.id} '${printable(offer.name)}' (worth ${offerValue(offer)} IQD)`;
    }
    case 'offers edit': {
      const offer = await client.call(adminUpdateOffer, { params: { id: command.id }, body: command.offer });
      return `Updated offer ${offer.id} '${printable(offer.name)}' (worth ${offerValue(offer)} IQD)`;
    }
    case 'offers deactivate':
    case 'offers activate': {
      const active = command.name === 'offers activate';
      const offer = await client.call(adminUpdateOffer, { params: { id: command.id }, body: { active } });
      return `Offer ${offer.id} '${printable(offer.name)}' is now ${active ? 'active' : 'inactive'}`;
    }
    case 'orders':
      return ordersTable(await client.call(adminOrders, { query: { status: command.all ? 'all' : undefined } }));
    case 'orders approve': {
      const { order, balance } = await client.call(adminApproveOrder, { params: { id: command.id } });
      return `Order #${order.id} approved: ${printable(order.username)} got ${order.credit} IQD, balance now ${balance} IQD`;
    }
    case 'orders reject': {
      const order = await client.call(adminRejectOrder, { params: { id: command.id }, body: { reason: command.reason } });
      return `Order #${order.id} rejected (${printable(order.rejectReason ?? '')})`;
    }
  }
}
