/**
 * `npm run cafe -- init-owner [--db FILE|URL] [--server URL]` (issue 22): on
 * the server machine, with the database, a new one-time set-up link for the
 * first owner (the older links stop working). Refused once the cafe has an
 * owner: then owners add people from the console's Staff screen.
 * `init-owner --enrol NAME`: a one-time set-up code for owner NAME's
 * authenticator (when no other owner can issue one from the console).
 */
import { systemClock } from '../clock/clock.js';
import { envValue, flagValue, tokenize, UsageError } from '../config/argv.js';
import { DEFAULT_DB } from '../config/server-flags.js';
import { issueEnrolmentCode } from '../authority/enrolment-codes.js';
import { totpState } from '../authority/totp.js';
import { migrateToLatest, openDatabase } from '../db/connection.js';
import { createSetupToken, needsSetup, setupLink } from '../setup/tokens.js';
import { DEFAULT_SERVER } from './args.js';

export async function runInitOwner(argv: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let dbPath: string;
  let base: string;
  let enrol: string | undefined;
  try {
    const parsed = tokenize(argv, { db: 'value', server: 'value', enrol: 'value' });
    enrol = flagValue(parsed, 'enrol');
    if (parsed.positionals.length) throw new UsageError(`'init-owner' takes no arguments, got '${parsed.positionals[0]}'`);
    dbPath = flagValue(parsed, 'db') ?? envValue(env, 'SPAWNPOINT_DB') ?? DEFAULT_DB;
    base = flagValue(parsed, 'server') ?? envValue(env, 'SPAWNPOINT_PUBLIC_URL') ?? envValue(env, 'SPAWNPOINT_SERVER') ?? DEFAULT_SERVER;
    if (!URL.canParse(base)) throw new UsageError(`--server must be the server's address, got '${base}'`);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`cafe: ${error.message}`);
    return 2;
  }
  const db = openDatabase(dbPath);
  try {
    await migrateToLatest(db);
    if (enrol !== undefined) {
      const owner = await db.selectFrom('users').select(['id', 'username']).where('username', '=', enrol.trim().toLowerCase()).where('type', '=', 'admin').executeTakeFirst();
      if (!owner) {
        console.error(`cafe: no owner account named '${enrol}'`);
        return 1;
      }
      if ((await totpState(db, owner.id)).enabled) {
        console.error(`cafe: ${owner.username} already has two-step sign-in; another owner resets it from the console if the phone is lost`);
        return 1;
      }
      const { code, expiresAt } = await issueEnrolmentCode(db, systemClock(), owner.id, 'server');
      console.log(`One-time set-up code for ${owner.username}'s authenticator (until ${expiresAt}; older codes no longer work):\n${code}\nSign in at /console/ as ${owner.username} and enter it when asked.`);
      return 0;
    }
    if (!(await needsSetup(db))) {
      console.error('cafe: this cafe already has an owner: sign in at /console/ and add people from the Staff screen');
      return 1;
    }
    const token = await createSetupToken(db, systemClock());
    console.log(`One-time set-up link for the first owner (24 hours; older links no longer work):\n${setupLink(base, token)}`);
    return 0;
  } finally {
    await db.destroy();
  }
}
