/**
 * Prints the current authenticator code of the demo owner (or of a base32
 * secret given as the argument), for signing in to the console without a
 * phone: `npx tsx scripts/demo-totp.ts`.
 */
import { generateSync } from 'otplib';
import { DEMO_OWNER } from '../src/server/seed/console.js';

const secret = process.argv[2] ?? DEMO_OWNER.totpSecret;
console.log(generateSync({ secret }));
