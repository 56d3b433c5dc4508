/**
 * The console's demo staff (issue 15): an owner whose authenticator secret is
 * printed in docs/console.md (add it to any TOTP app, or compute the code with
 * `npx tsx scripts/totp.ts`), and a front-desk staff account without one.
 * Demo only: a real cafe creates its own staff from the console.
 */
import { hashPassword } from '../auth/passwords.js';
import type { Db } from '../db/schema.js';
import type { SecretBox } from '../game-accounts/secret-box.js';
import { enrolKnownSecret } from '../authority/totp.js';
import { newUserRow } from '../users/new-user.js';

export const DEMO_OWNER = { username: 'owner', password: 'owner1234', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } as const;
export const DEMO_STAFF = { username: 'desk', password: 'desk1234' } as const;

export async function seedConsoleStaff(db: Db, now: string, secrets?: SecretBox): Promise<void> {
  const owner = newUserRow({
    username: DEMO_OWNER.username,
    type: 'admin',
    password_hash: await hashPassword(DEMO_OWNER.password),
    created_at: now,
    display_name: 'Arena Owner',
  });
  const desk = newUserRow({
    username: DEMO_STAFF.username,
    type: 'staff',
    password_hash: await hashPassword(DEMO_STAFF.password),
    created_at: now,
    display_name: 'Front Desk',
  });
  await db.insertInto('users').values([owner, desk]).execute();
  if (secrets) await enrolKnownSecret(db, secrets, owner.id, DEMO_OWNER.totpSecret, now);
}
