/**
 * Issue 22: is this cafe still running on the demo's public secrets? A demo
 * account is one of the demo seed's usernames whose password is still the
 * demo one (docs print them), a demo card an unredeemed, unvoided prepaid
 * card with a demo code, a demo centre account a pool account whose sealed
 * password is still the demo one. The server says so at every start and
 * refuses to listen beyond loopback with any of them unless told it is a demo.
 */
import { verifyPassword } from '../crypto/passwords.js';
import type { Db } from '../db/schema.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { DEMO_OWNER, DEMO_STAFF } from './console.js';
import { DEMO_USERS } from './demo.js';
import { DEMO_PREPAID_CARDS } from './front-door.js';
import { prepaidCodeHash } from '../prepaid/rules.js';

/** The demo cards by their stored hash (the codes are public: this README prints them). */
const demoCardHashes = new Map(DEMO_PREPAID_CARDS.map((c) => [prepaidCodeHash(c.code), c.code]));
import { DEMO_GAME_ACCOUNTS } from './game-accounts.js';

export interface DemoSecrets {
  accounts: string[];
  cards: string[];
  centreAccounts: string[];
}

const DEMO_PASSWORDS: ReadonlyMap<string, string> = new Map([
  ...DEMO_USERS.map((u) => [u.username, u.password] as const),
  [DEMO_OWNER.username, DEMO_OWNER.password],
  [DEMO_STAFF.username, DEMO_STAFF.password],
]);

export async function findDemoSecrets(db: Db, secrets: SecretBox): Promise<DemoSecrets> {
  const users = await db
    .selectFrom('users')
    .select(['username', 'password_hash'])
    .where('username', 'in', [...DEMO_PASSWORDS.keys()])
    .execute();
  const checked = await Promise.all(
    users.map(async (u) => ((await verifyPassword(u.password_hash, DEMO_PASSWORDS.get(u.username) ?? '', 'station')) ? u.username : null)),
  );
  const cards = await db
    .selectFrom('prepaid_cards')
    .select('code_hash')
    .where('code_hash', 'in', [...demoCardHashes.keys()])
    .where('redeemed_at', 'is', null)
    .where('voided_at', 'is', null)
    .execute();
  const pool = await db
    .selectFrom('game_accounts')
    .select(['id', 'username', 'password_sealed'])
    .where('username', 'in', DEMO_GAME_ACCOUNTS.map((a) => a.username))
    .execute();
  const centreAccounts = pool
    .filter((row) => {
      try {
        return secrets.open(row.password_sealed, row.id) === DEMO_GAME_ACCOUNTS.find((a) => a.username === row.username)?.password;
      } catch {
        return false;
      }
    })
    .map((row) => row.username);
  return { accounts: checked.filter((u): u is string => u !== null), cards: cards.map((c) => demoCardHashes.get(c.code_hash) ?? c.code_hash), centreAccounts };
}

export const hasDemoSecrets = (found: DemoSecrets) => found.accounts.length + found.cards.length + found.centreAccounts.length > 0;

/** The loud lines printed at start. */
export function demoWarning(found: DemoSecrets): string[] {
  return [
    '!!! THIS IS A DEMO CAFE: its secrets are public (printed in the docs). Never run it for customers. !!!',
    ...(found.accounts.length ? [`!!! demo accounts with their demo passwords: ${found.accounts.join(', ')}`] : []),
    ...(found.cards.length ? [`!!! demo prepaid cards not yet used: ${found.cards.join(', ')}`] : []),
    ...(found.centreAccounts.length ? [`!!! demo centre accounts: ${found.centreAccounts.join(', ')}`] : []),
  ];
}
