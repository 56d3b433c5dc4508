/**
 * Prints the current authenticator code of a demo account — `owner` (the
 * default) or `admin` — or of a base32 secret given as the argument, for
 * signing in without a phone: `npx tsx scripts/demo-totp.ts [owner|admin|SECRET]`.
 * The demo secrets live in one place, the seed (src/server/seed/console.ts).
 */
import { generateSync } from 'otplib';
import { DEMO_ADMIN, DEMO_OWNER } from '../src/server/seed/console.js';

const DEMO_SECRETS: Record<string, string> = { owner: DEMO_OWNER.totpSecret, admin: DEMO_ADMIN.totpSecret };
const arg = process.argv[2] ?? 'owner';
console.log(generateSync({ secret: DEMO_SECRETS[arg] ?? arg }));
