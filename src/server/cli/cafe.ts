/**
 * The cafe operator's CLI over the admin REST API:
 *   npm run cafe -- stations
 *   npm run cafe -- unlock-guest st-01 --minutes 30
 * Exit codes: 0 done, 1 the server refused or could not be reached, 2 bad usage.
 */
import {
  adminAddBalance,
  adminOutbox,
  adminPlays,
  adminCommand,
  adminEndSession,
  adminSetStatus,
  adminStationHeartbeats,
  adminStations,
  adminUnlockGuest,
} from '../../shared/api/routes.js';
import { adminPairingCode, adminRevokeCredential, adminStationAlerts } from '../../shared/api/enrolment.js';
import { adminAddStation, adminEditStation } from '../../shared/api/admin-stations.js';
import { UsageError } from '../config/argv.js';
import { CAFE_USAGE, parseCafeArgs, type CafeCommand } from './args.js';
import { runAccounts } from './accounts.js';
import { AdminClient, CliError } from './client.js';
import { runInitOwner } from './init-owner.js';
import { alertsList, printable, stationsTable, table } from './format.js';
import { parseStoreArgs, runStoreCommand, STORE_USAGE } from './store-commands.js';
import { parseProfileArgs, PROFILE_USAGE, runProfileCommand } from './profile-commands.js';
import { MIGRATE_USAGE, runMigrateToPostgres } from './migrate-to-postgres.js';

async function run(client: AdminClient, command: CafeCommand): Promise<string> {
  switch (command.name) {
    case 'help':
      return `${CAFE_USAGE}\n\n${STORE_USAGE}\n\n${PROFILE_USAGE}\n\n${MIGRATE_USAGE}`;
    case 'stations': {
      const listing = stationsTable(await client.call(adminStations), Date.now());
      const alerts = await client.call(adminStationAlerts, { query: { limit: 10 } });
      return alerts.length === 0 ? listing : `${listing}\n\n${alertsList(alerts)}`;
    }
    case 'pair': {
      const r = await client.call(adminPairingCode, { params: { stationId: command.stationId } });
      const pin = r.certificateFingerprint ? `\nServer certificate fingerprint (SHA-256): ${r.certificateFingerprint}` : '';
      return `Pairing code for ${r.stationId}: ${r.pairingCode}\nExpires at ${r.expiresAt} (single use)${pin}\nOn the PC: put "pairingCode": "${r.pairingCode}" in station.json, or start it with --pairing-code ${r.pairingCode}`;
    }
    case 'revoke': {
      const r = await client.call(adminRevokeCredential, { params: { stationId: command.stationId } });
      return r.message;
    }
    case 'station add':
    case 'station edit': {
      const body = {
        ...(command.number !== undefined ? { number: command.number } : {}),
        ...(command.stationName !== undefined ? { name: command.stationName } : {}),
        ...(command.group !== undefined ? { group: command.group } : {}),
      };
      const s =
        command.name === 'station add'
          ? await client.call(adminAddStation, { body: { stationId: command.stationId, number: command.number, ...body } })
          : await client.call(adminEditStation, { params: { stationId: command.stationId }, body });
      const next = s.paired ? '' : `\nNext: npm run cafe -- pair ${s.id}`;
      return `Station ${s.id}: #${s.number} ${s.name}, group ${s.groupName ?? 'none'}, ${s.paired ? 'paired' : 'not paired'}${next}`;
    }
    case 'unlock-guest': {
      const body = command.minutes === undefined ? {} : { minutes: command.minutes };
      const r = await client.call(adminUnlockGuest, { params: { stationId: command.stationId }, body });
      const time = command.minutes === undefined ? 'open session' : `${command.minutes} prepaid minutes`;
      return `Unlocked ${command.stationId} for guest ${r.username} (${time}); session ${r.sessionId}`;
    }
    case 'set-status': {
      const r = await client.call(adminSetStatus, {
        params: { stationId: command.stationId },
        body: { status: command.status },
      });
      return `Station ${command.stationId} is now ${command.status}${r.message ? ` (${r.message})` : ''}`;
    }
    case 'command': {
      const body = { command: command.command, ...(command.newName ? { newName: command.newName } : {}) };
      const r = await client.call(adminCommand, { params: { stationId: command.stationId }, body });
      return r.success
        ? `Sent ${command.command} to ${command.stationId} at ${r.timestamp}`
        : `Logged ${command.command} for ${command.stationId}, but the station is not connected: nothing was delivered`;
    }
    case 'end-session':
      await client.call(adminEndSession, { params: { sessionId: command.sessionId } });
      return `Ended session ${command.sessionId}`;
    case 'add-balance': {
      const r = await client.call(adminAddBalance, {
        params: { username: command.username },
        body: { amount: command.amount },
      });
      return `${command.username}: balance is now ${r.balance} IQD`;
    }
    case 'heartbeats': {
      const beats = await client.call(adminStationHeartbeats, {
        params: { stationId: command.stationId },
        query: { limit: command.limit },
      });
      if (beats.length === 0) return `No heartbeats from ${command.stationId} yet`;
      return table(
        ['RECEIVED', 'IP', 'PC NAME', 'VERSION'],
        beats.map((b) => [b.receivedAt, b.body.ipAddress, b.body.metadata.pcName, b.body.metadata.clientVersion]),
      );
    }
    case 'accounts':
      return runAccounts(client, command);
    case 'plays': {
      const plays = await client.call(adminPlays, {
        query: { ...(command.limit ? { limit: command.limit } : {}), ...(command.active ? { active: 'true' as const } : {}) },
      });
      if (plays.length === 0) return command.active ? 'Nothing is being played' : 'No games played yet';
      return table(
        ['STARTED', 'GAME', 'USER', 'STATION', 'MINUTES'],
        plays.map((p) => [
          p.startTime,
          p.gameName,
          p.username ?? p.userId,
          p.stationNumber === null ? p.stationId : `${p.stationId} (#${p.stationNumber})`,
          p.endTime === null ? 'playing' : String(p.durationMinutes ?? 0),
        ]),
      );
    }
    case 'outbox': {
      const messages = await client.call(adminOutbox, { query: { limit: command.limit } });
      if (messages.length === 0) return 'The outbox is empty';
      return messages
        .map((m) => `#${m.id} ${m.createdAt} ${m.channel.toUpperCase()} to ${m.recipient}: ${m.subject}\n${m.body}`)
        .join('\n\n');
    }
  }
}

async function main(): Promise<number> {
  // Works on the database files, not through a server.
  if (process.argv[2] === 'migrate-to-postgres') return runMigrateToPostgres(process.argv.slice(3));
  if (process.argv[2] === 'init-owner') return runInitOwner(process.argv.slice(3));
  if (process.argv[2] === 'verify-ledger') return (await import('./verify-ledger.js')).runVerifyLedger(process.argv.slice(3));
  let invocation;
  try {
    invocation =
      parseProfileArgs(process.argv.slice(2), process.env) ??
      parseStoreArgs(process.argv.slice(2), process.env) ??
      parseCafeArgs(process.argv.slice(2), process.env);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`cafe: ${error.message} (try 'npm run cafe -- help')`);
    return 2;
  }
  const client = new AdminClient(invocation.server, invocation);
  try {
    // Whatever a station or a customer typed never reaches the terminal as control characters.
    const output =
      'profile' in invocation
        ? await runProfileCommand(client, invocation.profile)
        : 'store' in invocation
          ? await runStoreCommand(client, invocation.store)
          : await run(client, invocation.command);
    console.log(printable(output));
    return 0;
  } catch (error) {
    if (!(error instanceof CliError)) throw error;
    // One line: the server's validation messages span several.
    console.error(`cafe: ${printable(error.message.replace(/\s*\n\s*/g, '; '))}`);
    return 1;
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(`cafe: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  },
);
