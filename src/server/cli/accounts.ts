/**
 * `npm run cafe -- accounts …`: the centre-account pools.
 *   accounts [--platform P]                      pools, who holds what, flags
 *   accounts add <platform> <username> --account-password PASS [--games a,b] [--group NAME]
 *   accounts disable|enable|release|unflag <id>
 * The password is sent once and never shown again.
 */
import {
  adminAddGameAccount,
  adminDisableGameAccount,
  adminEnableGameAccount,
  adminGameAccounts,
  adminReleaseGameAccount,
  adminUnflagGameAccount,
  type AdminGameAccount,
} from '../../shared/api/routes.js';
import { CENTRE_ACCOUNT_PLATFORMS, PLATFORM_NAMES, platformName, type Platform } from '../../shared/catalog/platforms.js';
import { flagValue, UsageError, type ParsedArgv } from '../config/argv.js';
import { CliError, type AdminClient } from './client.js';
import { askSecret } from './secrets.js';
import { table } from './format.js';

export const ACCOUNTS_FLAGS = ['platform', 'games', 'group', 'account-password'] as const; // --account-password only to refuse it

export type AccountsCommand =
  | { name: 'accounts'; action: 'list'; platform?: number }
  | {
      name: 'accounts';
      action: 'add';
      platform: number;
      username: string;
      games?: string[];
      group?: string;
    }
  | { name: 'accounts'; action: 'disable' | 'enable' | 'release' | 'unflag'; id: string };

export const ACCOUNTS_USAGE = `  accounts [--platform P]                    centre-account pools: who holds what, disabled, flagged
  accounts add <platform> <username> [--games game-a,game-b] [--group NAME]
                                             add an account (platform: steam, epic, spawnpoint, riot, ea, ubisoft or 3-8);
                                             its password: SPAWNPOINT_ACCOUNT_PASSWORD or typed when asked
  accounts disable|enable <id>               stop / resume offering an account
  accounts release <id>                      force-release (a crashed station that never came back)
  accounts unflag <id>                       clear a failed-launch flag`;

export function parsePlatform(raw: string): number {
  const wanted = raw.trim().toLowerCase();
  const platform = CENTRE_ACCOUNT_PLATFORMS.find(
    (p) => String(p) === wanted || PLATFORM_NAMES[p].toLowerCase() === wanted || (p === 5 && wanted === 'host'),
  );
  if (platform === undefined) {
    const names = CENTRE_ACCOUNT_PLATFORMS.map((p: Platform) => PLATFORM_NAMES[p].toLowerCase()).join(', ');
    throw new UsageError(`centre accounts exist for ${names} only, got '${raw}'`);
  }
  return platform;
}

export function parseAccountsCommand(args: string[], parsed: ParsedArgv): AccountsCommand {
  const [action = 'list', ...rest] = args;
  const onlyFor = (allowed: string[]) => {
    for (const flag of ACCOUNTS_FLAGS) {
      if (parsed.flags.has(flag) && !allowed.includes(flag)) throw new UsageError(`--${flag} does not apply to 'accounts ${action}'`);
    }
  };
  switch (action) {
    case 'list': {
      onlyFor(['platform']);
      if (rest.length) throw new UsageError(`'accounts' takes no arguments, got ${rest.length}`);
      const platform = flagValue(parsed, 'platform');
      return platform === undefined ? { name: 'accounts', action } : { name: 'accounts', action, platform: parsePlatform(platform) };
    }
    case 'add': {
      onlyFor(['games', 'group']);
      if (rest.length !== 2) throw new UsageError(`'accounts add' takes <platform> <username>, got ${rest.length} argument(s)`);
      const games = flagValue(parsed, 'games')
        ?.split(',')
        .map((g) => g.trim())
        .filter(Boolean);
      const group = flagValue(parsed, 'group');
      return {
        name: 'accounts',
        action,
        platform: parsePlatform(rest[0]!),
        username: rest[1]!,
        ...(games?.length ? { games } : {}),
        ...(group ? { group } : {}),
      };
    }
    case 'disable':
    case 'enable':
    case 'release':
    case 'unflag':
      onlyFor([]);
      if (rest.length !== 1) throw new UsageError(`'accounts ${action}' takes <id>, got ${rest.length} argument(s)`);
      return { name: 'accounts', action, id: rest[0]! };
    default:
      throw new UsageError(`unknown accounts action '${action}' (add, disable, enable, release, unflag)`);
  }
}

/** Text from the network (usernames, a station's failure reason) printed without control characters. */
const isControl = (code: number) => code < 0x20 || (code >= 0x7f && code <= 0x9f);
const printable = (text: string) => Array.from(text, (c) => (isControl(c.codePointAt(0) ?? 0) ? '?' : c)).join('');

export function accountsTable(accounts: AdminGameAccount[]): string {
  if (accounts.length === 0) return 'No centre accounts';
  return table(
    ['ID', 'PLATFORM', 'ACCOUNT', 'USERNAME', 'GROUP', 'GAMES', 'STATE', 'HELD BY'],
    accounts.map((a) => [
      a.id,
      platformName(a.platform),
      a.accountDisplayName,
      printable(a.username),
      a.stationGroupName ?? 'all',
      a.games.length ? a.games.map((g) => g.jsonId).join(',') : 'all of platform',
      a.disabled ? 'disabled' : a.flag ? `flagged: ${printable(a.flag.reason)}` : a.holder ? 'busy' : 'free',
      a.holder ? `${printable(a.holder.username)} at ${a.holder.stationId} since ${a.holder.since}` : '-',
    ]),
  );
}

export async function runAccounts(client: AdminClient, command: AccountsCommand): Promise<string> {
  switch (command.action) {
    case 'list':
      return accountsTable(await client.call(adminGameAccounts, { query: { platform: command.platform } }));
    case 'add': {
      const password = process.env.SPAWNPOINT_ACCOUNT_PASSWORD || (await askSecret(`Password of the centre account ${command.username}: `));
      if (!password) throw new CliError('no password for the centre account: set SPAWNPOINT_ACCOUNT_PASSWORD, or type it when asked');
      const body = {
        platform: command.platform,
        username: command.username,
        password,
        ...(command.games ? { games: command.games } : {}),
        ...(command.group ? { stationGroup: command.group } : {}),
      };
      const a = await client.call(adminAddGameAccount, { body });
      return `Added ${platformName(a.platform)} ${a.accountDisplayName} (${printable(a.username)}), id ${a.id}`;
    }
    default: {
      const route = {
        disable: adminDisableGameAccount,
        enable: adminEnableGameAccount,
        release: adminReleaseGameAccount,
        unflag: adminUnflagGameAccount,
      }[command.action];
      const a = await client.call(route, { params: { id: command.id } });
      return accountsTable([a]);
    }
  }
}
