/**
 * The operator CLI's profile commands (issue 13): tiers, rewards, reward
 * claims, prepaid card batches.
 *   npm run cafe -- tiers                      tiers edit <id> [--xp X] [--reward X] [--min-level N] [--nfc yes|no] [--earn yes|no] [--reserve yes|no] [--hours N]
 *   npm run cafe -- rewards                    rewards add --name N --xp XP [--description D] [--event --benefit B --ends ISO]
 *   npm run cafe -- rewards deactivate|activate <id>
 *   npm run cafe -- claims [--all]             claims deliver|cancel <id>
 *   npm run cafe -- prepaid                    prepaid generate --count N --amount IQD [--label L]     prepaid cards <batchId>
 * Parsed here (null for any other command) and run over the admin REST API.
 */
import {
  adminCancelClaim,
  adminClaims,
  adminCreatePrepaidBatch,
  adminCreateReward,
  adminDeliverClaim,
  adminPrepaidBatchCards,
  adminPrepaidBatches,
  adminRewards,
  adminTiers,
  adminUpdateReward,
  adminUpdateTier,
} from '../../shared/api/routes.js';
import { envValue, flagValue, parseIntFlag, tokenize, UsageError, type ParsedArgv } from '../config/argv.js';
import { adminCredentials } from './secrets.js';
import { DEFAULT_SERVER } from './args.js';
import type { AdminClient } from './client.js';
import { printable, table } from './format.js';

export type ProfileCommand =
  | { name: 'tiers' | 'rewards' | 'prepaid' }
  | { name: 'claims'; all: boolean }
  | { name: 'tiers edit'; id: string; changes: Record<string, number | boolean> }
  | { name: 'rewards add'; reward: { name: string; requiredXp: number; description?: string; kind: 'standard' | 'event'; benefit?: string; endsAt?: string } }
  | { name: 'rewards deactivate' | 'rewards activate' | 'claims deliver' | 'claims cancel' | 'prepaid cards'; id: string }
  | { name: 'prepaid generate'; count: number; amount: number; label?: string };

export interface ProfileInvocation {
  server: string;
  user: string;
  /** From SPAWNPOINT_ADMIN_PASSWORD; undefined: asked when needed (never a flag, never a default). */
  password: string | undefined;
  profile: ProfileCommand;
}

export const PROFILE_USAGE = `Profile (tiers, rewards, claims, prepaid cards):
  tiers                                      the tiers and what each allows
  tiers edit <id> [--xp X] [--reward X] [--min-level N] [--earn yes|no] [--nfc yes|no] [--reserve yes|no] [--hours N]
  rewards                                    every reward and event reward
  rewards add --name N --xp XP [--description D] [--event --benefit B --ends ISO-TIME]
  rewards deactivate <id> | rewards activate <id>
  claims [--all]                             reward claims waiting for the counter (--all: decided ones too)
  claims deliver <id> | claims cancel <id>   hand a reward over / cancel it (the XP goes back)
  prepaid                                    prepaid card batches
  prepaid generate --count N --amount IQD [--label L]   new single-use cards; prints their codes
  prepaid cards <batchId>                    a batch's cards (RC-…-last group) and who redeemed them`;

const PROFILE_COMMANDS = new Set(['tiers', 'rewards', 'claims', 'prepaid']);

function yesNo(parsed: ParsedArgv, flag: string): boolean | undefined {
  const raw = flagValue(parsed, flag);
  if (raw === undefined) return undefined;
  if (raw !== 'yes' && raw !== 'no') throw new UsageError(`--${flag} takes yes or no, got '${raw}'`);
  return raw === 'yes';
}

function multiplier(parsed: ParsedArgv, flag: string): number | undefined {
  const raw = flagValue(parsed, flag);
  if (raw === undefined) return undefined;
  if (!/^\d+(\.\d+)?$/.test(raw) || Number(raw) > 10) throw new UsageError(`--${flag} must be a multiplier from 0 to 10, got '${raw}'`);
  return Number(raw);
}

function parseProfileCommand(name: string, args: string[], parsed: ParsedArgv): ProfileCommand {
  const [verb, id] = args;
  const full = verb ? `${name} ${verb}` : name;
  const needId = () => {
    if (!id) throw new UsageError(`'${full}' takes <id>`);
    return id;
  };
  switch (full) {
    case 'tiers':
    case 'rewards':
    case 'prepaid':
      return { name: full };
    case 'claims':
      return { name: 'claims', all: parsed.flags.has('all') };
    case 'tiers edit': {
      const changes = Object.fromEntries(
        Object.entries({
          xpMultiplier: multiplier(parsed, 'xp'),
          rewardMultiplier: multiplier(parsed, 'reward'),
          minLevel: flagValue(parsed, 'min-level') === undefined ? undefined : parseIntFlag('min-level', flagValue(parsed, 'min-level')!, 0, 1000),
          canEarnRewards: yesNo(parsed, 'earn'),
          hasNfcAccess: yesNo(parsed, 'nfc'),
          canReserveStations: yesNo(parsed, 'reserve'),
          maxReservationHours: flagValue(parsed, 'hours') === undefined ? undefined : parseIntFlag('hours', flagValue(parsed, 'hours')!, 0, 24),
        }).filter(([, v]) => v !== undefined),
      ) as Record<string, number | boolean>;
      if (Object.keys(changes).length === 0) throw new UsageError("'tiers edit' needs at least one flag to change");
      return { name: full, id: needId(), changes };
    }
    case 'rewards add': {
      const rewardName = flagValue(parsed, 'name')?.trim();
      const xp = flagValue(parsed, 'xp');
      if (!rewardName || xp === undefined) throw new UsageError("'rewards add' needs --name and --xp");
      const event = parsed.flags.has('event');
      const benefit = flagValue(parsed, 'benefit');
      const endsAt = flagValue(parsed, 'ends');
      if (event && (!benefit || !endsAt || !Number.isFinite(Date.parse(endsAt)))) {
        throw new UsageError("an event reward needs --benefit and --ends ISO-TIME (e.g. 2026-12-31T22:00:00Z)");
      }
      return {
        name: full,
        reward: {
          name: rewardName,
          requiredXp: parseIntFlag('xp', xp, 0, 10_000_000),
          description: flagValue(parsed, 'description'),
          kind: event ? 'event' : 'standard',
          ...(event ? { benefit, endsAt: new Date(Date.parse(endsAt!)).toISOString() } : {}),
        },
      };
    }
    case 'rewards deactivate':
    case 'rewards activate':
    case 'claims deliver':
    case 'claims cancel':
    case 'prepaid cards':
      return { name: full, id: needId() };
    case 'prepaid generate': {
      const count = flagValue(parsed, 'count');
      const amount = flagValue(parsed, 'amount');
      if (count === undefined || amount === undefined) throw new UsageError("'prepaid generate' needs --count and --amount");
      return {
        name: full,
        count: parseIntFlag('count', count, 1, 1000),
        amount: parseIntFlag('amount', amount, 1, 10_000_000),
        label: flagValue(parsed, 'label'),
      };
    }
    default:
      throw new UsageError(`unknown command '${full}' (try 'help')`);
  }
}

function tokenizeProfile(argv: readonly string[]): ParsedArgv {
  return tokenize(argv, {
    server: 'value',
    user: 'value',
    password: 'value',
    all: 'boolean',
    xp: 'value',
    reward: 'value',
    'min-level': 'value',
    earn: 'value',
    nfc: 'value',
    reserve: 'value',
    hours: 'value',
    name: 'value',
    description: 'value',
    event: 'boolean',
    benefit: 'value',
    ends: 'value',
    count: 'value',
    amount: 'value',
    label: 'value',
    help: 'boolean',
  });
}

/** The profile command in argv, or null when argv names another command. Throws UsageError. */
export function parseProfileArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): ProfileInvocation | null {
  let parsed: ParsedArgv;
  try {
    parsed = tokenizeProfile(argv);
  } catch (error) {
    // A flag only another command knows: that command's parser answers.
    if (!argv.some((arg) => PROFILE_COMMANDS.has(arg))) return null;
    throw error;
  }
  const [name, ...args] = parsed.positionals;
  if (!name || !PROFILE_COMMANDS.has(name) || parsed.flags.has('help')) return null;
  const server = flagValue(parsed, 'server') ?? envValue(env, 'SPAWNPOINT_SERVER') ?? DEFAULT_SERVER;
  if (!URL.canParse(server) || !/^https?:$/.test(new URL(server).protocol)) throw new UsageError(`--server must be an http(s) URL, got '${server}'`);
  return {
    server: server.replace(/\/+$/, ''),
    ...adminCredentials(parsed, env),
    profile: parseProfileCommand(name, args, parsed),
  };
}

const yes = (value: boolean) => (value ? 'yes' : 'no');

export async function runProfileCommand(client: AdminClient, command: ProfileCommand): Promise<string> {
  switch (command.name) {
    case 'tiers':
      return table(
        ['ID', 'NAME', 'FROM LEVEL', 'XP ×', 'REWARD ×', 'REWARDS', 'NFC', 'RESERVE', 'HOURS'],
        (await client.call(adminTiers)).map((t) => [
          t.id,
          printable(t.name),
          String(t.minLevel),
          String(t.xpMultiplier),
          String(t.rewardMultiplier),
          yes(t.canEarnRewards),
          yes(t.hasNfcAccess),
          yes(t.canReserveStations),
          String(t.maxReservationHours),
        ]),
      );
    case 'tiers edit': {
      const tier = await client.call(adminUpdateTier, { params: { id: command.id }, body: command.changes });
      return `Tier ${tier.id} '${printable(tier.name)}' updated`;
    }
    case 'rewards': {
      const rewards = await client.call(adminRewards);
      if (rewards.length === 0) return 'No rewards';
      return table(
        ['ID', 'KIND', 'NAME', 'XP', 'ACTIVE', 'BENEFIT', 'ENDS'],
        rewards.map((r) => [r.id, r.kind, printable(r.name), String(r.requiredXp), yes(r.active), printable(r.benefit ?? '-'), r.endsAt ?? '-']),
      );
    }
    case 'rewards add': {
      const r = await client.call(adminCreateReward, { body: command.reward });
      return `Created ${r.kind} reward ${r.id} '${printable(r.name)}' (${r.requiredXp} XP)`;
    }
    case 'rewards deactivate':
    case 'rewards activate': {
      const active = command.name === 'rewards activate';
      const r = await client.call(adminUpdateReward, { params: { id: command.id }, body: { active } });
      return `Reward ${r.id} '${printable(r.name)}' is now ${active ? 'active' : 'inactive'}`;
    }
    case 'claims': {
      const claims = await client.call(adminClaims, { query: { status: command.all ? 'all' : undefined } });
      if (claims.length === 0) return 'No reward claims waiting';
      return table(
        ['ID', 'USER', 'REWARD', 'XP', 'STATUS', 'AT'],
        claims.map((c) => [c.id, printable(c.username), printable(c.rewardDescription), String(c.xpSpent), c.status, c.createdAt]),
      );
    }
    case 'claims deliver':
    case 'claims cancel': {
      const call = command.name === 'claims deliver' ? adminDeliverClaim : adminCancelClaim;
      const c = await client.call(call, { params: { id: command.id } });
      return `Claim ${c.id} (${printable(c.rewardDescription)} for ${printable(c.username)}) is now ${c.status}${c.status === 'CANCELLED' ? `: ${c.xpSpent} XP given back` : ''}`;
    }
    case 'prepaid': {
      const batches = await client.call(adminPrepaidBatches);
      if (batches.length === 0) return 'No prepaid batches';
      return table(
        ['ID', 'LABEL', 'AMOUNT', 'CARDS', 'REDEEMED', 'BY', 'AT'],
        batches.map((b) => [b.id, printable(b.label), `${b.amount} IQD`, String(b.cardCount), String(b.redeemedCount), printable(b.createdBy), b.createdAt]),
      );
    }
    case 'prepaid generate': {
      const { batch, codes } = await client.call(adminCreatePrepaidBatch, {
        body: { count: command.count, amount: command.amount, ...(command.label ? { label: command.label } : {}) },
      });
      return [`Batch ${batch.id}: ${batch.cardCount} cards of ${batch.amount} IQD (single use)`, ...codes].join('\n');
    }
    case 'prepaid cards': {
      const cards = await client.call(adminPrepaidBatchCards, { params: { id: command.id } });
      return table(
        // The codes were printed once, at generation: the server keeps only their hashes.
        ['CARD', 'AMOUNT', 'REDEEMED BY', 'AT'],
        cards.map((c) => [c.hint, `${c.amount} IQD`, printable(c.redeemedBy ?? '-'), c.redeemedAt ?? '-']),
      );
    }
  }
}
