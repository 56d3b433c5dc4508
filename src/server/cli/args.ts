/** Pure argument parsing of `npm run cafe -- <command> [flags]`. */
import { STATION_COMMANDS, type StationCommandName } from '../../shared/socket/events.js';
import { envValue, flagValue, parseIntFlag, tokenize, UsageError, type ParsedArgv } from '../config/argv.js';
import { adminCredentials } from './secrets.js';
import { ACCOUNTS_FLAGS, ACCOUNTS_USAGE, parseAccountsCommand, type AccountsCommand } from './accounts.js';

export type CafeCommand =
  | { name: 'help' }
  | { name: 'stations' }
  | { name: 'unlock-guest'; stationId: string; minutes?: number }
  | { name: 'set-status'; stationId: string; status: string }
  | { name: 'command'; stationId: string; command: StationCommandName; newName?: string }
  | { name: 'end-session'; sessionId: string }
  | { name: 'add-balance'; username: string; amount: number }
  | { name: 'heartbeats'; stationId: string; limit?: number }
  | { name: 'outbox'; limit?: number }
  | { name: 'plays'; active: boolean; limit?: number }
  | { name: 'pair'; stationId: string }
  | { name: 'revoke'; stationId: string }
  | { name: 'station add'; stationId: string; number: number; stationName?: string; group?: string }
  | { name: 'station edit'; stationId: string; number?: number; stationName?: string; group?: string | null }
  | AccountsCommand;

export interface CafeInvocation {
  server: string;
  user: string;
  /** From SPAWNPOINT_ADMIN_PASSWORD; undefined: asked when needed (never a flag, never a default). */
  password: string | undefined;
  /** From SPAWNPOINT_ADMIN_TOTP; else asked when the account has two-step sign-in (never a flag). */
  totp?: string;
  command: CafeCommand;
}

export const DEFAULT_SERVER = 'http://127.0.0.1:4000';

export const CAFE_USAGE = `Usage: npm run cafe -- <command> [flags]

Commands:
  stations                                   list stations, status, online state and sessions
  unlock-guest <stationId> [--minutes N]     start a guest session (prepaid N minutes, else open)
  set-status <stationId> <status>            available | in_use | maintenance | offline | reserved | …
  command <stationId> <COMMAND> [--name NEW] OPEN_TASK_MANAGER | LOGOUT_USER | RESTART_PC | SHUTDOWN_PC | RENAME_PC
  end-session <sessionId>                    end a session (reason ended_by_staff)
  add-balance <username> <amount>            add (or, negative, subtract) IQD
  heartbeats <stationId> [--limit N]         the latest heartbeats of a station
  outbox [--limit N]                         codes and emails the development delivery kept
  plays [active] [--limit N]                 games played (who, where, how long); active: running now
  pair <stationId>                           a one-time pairing code (15 minutes) to enrol that PC
  revoke <stationId>                         revoke the PC's credential and disconnect it
  station add <stationId> --number N [--name NAME] [--group GROUP]
                                             add a PC as a station of this cafe (owner), then pair it
  station edit <stationId> [--number N] [--name NAME] [--group GROUP|none]
                                             rename, renumber or regroup a station (owner)
${ACCOUNTS_USAGE}
  help                                       show this help

Global flags:
  --server URL       cafe server (default env SPAWNPOINT_SERVER or ${DEFAULT_SERVER})
  --user NAME        admin user (default env SPAWNPOINT_ADMIN_USER or admin)

Secrets never go on the command line: the admin password is SPAWNPOINT_ADMIN_PASSWORD or typed when
asked (hidden; piped: one line of stdin); an account with two-step sign-in is asked its authenticator's
code the same way (or SPAWNPOINT_ADMIN_TOTP); a centre account's password is SPAWNPOINT_ACCOUNT_PASSWORD or
asked the same way.

On the server machine (the database, not the API):
  init-owner [--db FILE|URL]                 a new one-time set-up link for the first owner (24 hours)
  init-owner --enrol NAME [--db FILE|URL]    a one-time set-up code for owner NAME's authenticator (24 hours)`;

const COMMAND_FLAGS: Record<string, readonly string[]> = {
  'unlock-guest': ['minutes'],
  station: ['number', 'name', 'group'],
  command: ['name'],
  heartbeats: ['limit'],
  outbox: ['limit'],
  plays: ['limit'],
  accounts: ACCOUNTS_FLAGS,
};

function expectArgs(name: string, args: string[], names: string[]): string[] {
  if (args.length !== names.length) {
    const shape = names.map((n) => `<${n}>`).join(' ');
    throw new UsageError(`'${name}' takes ${shape || 'no arguments'}, got ${args.length} argument(s)`);
  }
  return args;
}

function parseCommand(name: string, args: string[], parsed: ParsedArgv): CafeCommand {
  switch (name) {
    case 'help':
      return { name };
    case 'stations':
      expectArgs(name, args, []);
      return { name };
    case 'unlock-guest': {
      const [stationId] = expectArgs(name, args, ['stationId']) as [string];
      const minutes = flagValue(parsed, 'minutes');
      return minutes === undefined
        ? { name, stationId }
        : { name, stationId, minutes: parseIntFlag('minutes', minutes, 1, 24 * 60) };
    }
    case 'set-status': {
      const [stationId, status] = expectArgs(name, args, ['stationId', 'status']) as [string, string];
      return { name, stationId, status };
    }
    case 'command': {
      const [stationId, raw] = expectArgs(name, args, ['stationId', 'COMMAND']) as [string, string];
      const command = STATION_COMMANDS.find((c) => c === raw.toUpperCase());
      if (!command) throw new UsageError(`unknown station command '${raw}'; use one of ${STATION_COMMANDS.join(', ')}`);
      const newName = flagValue(parsed, 'name')?.trim();
      if (command === 'RENAME_PC' && !newName) throw new UsageError('RENAME_PC needs --name NEWNAME');
      return newName ? { name, stationId, command, newName } : { name, stationId, command };
    }
    case 'end-session': {
      const [sessionId] = expectArgs(name, args, ['sessionId']) as [string];
      return { name, sessionId };
    }
    case 'add-balance': {
      const [username, amount] = expectArgs(name, args, ['username', 'amount']) as [string, string];
      if (!/^-?\d+$/.test(amount)) throw new UsageError(`amount must be a whole number of IQD, got '${amount}'`);
      return { name, username, amount: Number(amount) };
    }
    case 'heartbeats': {
      const [stationId] = expectArgs(name, args, ['stationId']) as [string];
      const limit = flagValue(parsed, 'limit');
      return limit === undefined ? { name, stationId } : { name, stationId, limit: parseIntFlag('limit', limit, 1, 500) };
    }
    case 'outbox': {
      expectArgs(name, args, []);
      const limit = flagValue(parsed, 'limit');
      return limit === undefined ? { name } : { name, limit: parseIntFlag('limit', limit, 1, 200) };
    }
    case 'plays': {
      if (args.length > 1 || (args[0] !== undefined && args[0] !== 'active')) {
        throw new UsageError(`'plays' takes nothing or 'active', got '${args.join(' ')}'`);
      }
      const limit = flagValue(parsed, 'limit');
      const active = args[0] === 'active';
      return limit === undefined ? { name, active } : { name, active, limit: parseIntFlag('limit', limit, 1, 500) };
    }
    case 'pair':
    case 'revoke': {
      const [stationId] = expectArgs(name, args, ['stationId']) as [string];
      return { name, stationId };
    }
    case 'accounts':
      return parseAccountsCommand(args, parsed);
    case 'station': {
      const [action, stationId, ...extra] = args;
      if ((action !== 'add' && action !== 'edit') || !stationId || extra.length) {
        throw new UsageError("'station' takes add <stationId> --number N, or edit <stationId> [--number N] [--name NAME] [--group GROUP|none]");
      }
      const numberText = flagValue(parsed, 'number');
      const number = numberText === undefined ? undefined : parseIntFlag('number', numberText, 1, 9999);
      const stationName = flagValue(parsed, 'name');
      const group = flagValue(parsed, 'group');
      if (action === 'add') {
        if (number === undefined) throw new UsageError("'station add' needs --number N");
        return { name: 'station add', stationId, number, ...(stationName ? { stationName } : {}), ...(group ? { group } : {}) };
      }
      if (number === undefined && stationName === undefined && group === undefined) {
        throw new UsageError("'station edit' needs --number, --name or --group");
      }
      return {
        name: 'station edit',
        stationId,
        ...(number !== undefined ? { number } : {}),
        ...(stationName !== undefined ? { stationName } : {}),
        ...(group !== undefined ? { group: group === 'none' ? null : group } : {}),
      };
    }
    default:
      throw new UsageError(`unknown command '${name}' (try 'help')`);
  }
}

/** Throws UsageError (exit code 2) with a one-line message. */
export function parseCafeArgs(argv: readonly string[], env: NodeJS.ProcessEnv = {}): CafeInvocation {
  const parsed = tokenize(argv, {
    server: 'value',
    user: 'value',
    password: 'value',
    totp: 'value',
    minutes: 'value',
    name: 'value',
    number: 'value',
    limit: 'value',
    ...Object.fromEntries(ACCOUNTS_FLAGS.map((flag) => [flag, 'value' as const])),
    help: 'boolean',
  });
  const [name = 'help', ...args] = parsed.flags.has('help') ? ['help'] : parsed.positionals;
  for (const flag of ['minutes', 'name', 'limit', 'number', ...ACCOUNTS_FLAGS]) {
    if (parsed.flags.has(flag) && !COMMAND_FLAGS[name]?.includes(flag)) {
      throw new UsageError(`--${flag} does not apply to '${name}'`);
    }
  }
  const server = flagValue(parsed, 'server') ?? envValue(env, 'SPAWNPOINT_SERVER') ?? DEFAULT_SERVER;
  if (!URL.canParse(server) || !/^https?:$/.test(new URL(server).protocol)) {
    throw new UsageError(`--server must be an http(s) URL, got '${server}'`);
  }
  return {
    server: server.replace(/\/+$/, ''),
    ...adminCredentials(parsed, env),
    command: parseCommand(name, args, parsed),
  };
}
