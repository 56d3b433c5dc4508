/**
 * The console's demo staff (issue 15): an owner whose authenticator secret is
 * printed in docs/console.md (add it to any TOTP app, or compute the code with
 * `npx tsx scripts/totp.ts`), and a front-desk staff account without one.
 * Demo only: a real cafe creates its own staff from the console.
 */
import { hashPassword } from '../crypto/passwords.js';
import type { Db } from '../db/schema.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { enrolKnownSecret } from '../authority/totp.js';
import { newUserRow } from '../users/new-user.js';

export const DEMO_OWNER = { username: 'owner', password: 'owner1234', totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP' } as const;
export const DEMO_STAFF = { username: 'desk', password: 'desk1234' } as const;
/**
 * The demo's `admin` (an owner, seeded in demo.ts) has an authenticator too:
 * an owner without one gets no admin token (issue 22). Its secret is public
 * like the rest of the demo (docs/console.md); the demo launchers and the
 * tests compute its code.
 */
export const DEMO_ADMIN = { username: 'admin', password: 'admin123', totpSecret: 'MFRGGZDFMZTWQ2LKNNWG23TPOBYXE43U' } as const;

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
  if (!secrets) return;
  await enrolKnownSecret(db, secrets, owner.id, DEMO_OWNER.totpSecret, now);
  const admin = await db.selectFrom('users').select('id').where('username', '=', DEMO_ADMIN.username).executeTakeFirst();
  if (admin) await enrolKnownSecret(db, secrets, admin.id, DEMO_ADMIN.totpSecret, now);
}
