/**
 * Secrets for the operator CLI (issue 22): never on the command line (other
 * users of the machine read it in `ps`), never a default. The admin password
 * comes from SPAWNPOINT_ADMIN_PASSWORD or is typed when asked (hidden), or
 * read from stdin one line per secret when stdin is not a terminal.
 */
import { createInterface } from 'node:readline';
import { envValue, flagValue, UsageError, type ParsedArgv } from '../config/argv.js';

export const NO_SECRET_FLAGS = ['password', 'account-password', 'totp'] as const;

/** `--password` and `--account-password` are refused with the way to give the secret instead. */
export function refuseSecretFlags(parsed: ParsedArgv): void {
  if (parsed.flags.has('password')) {
    throw new UsageError('--password would put the secret on the command line: set SPAWNPOINT_ADMIN_PASSWORD, or type it when asked');
  }
  if (parsed.flags.has('totp')) {
    throw new UsageError('--totp would put the code on the command line: set SPAWNPOINT_ADMIN_TOTP, or type it when asked');
  }
  if (parsed.flags.has('account-password')) {
    throw new UsageError("--account-password would put the secret on the command line: set SPAWNPOINT_ACCOUNT_PASSWORD, or type it when asked");
  }
}

/**
 * The admin's name and, when the environment gives them, password and authenticator code (else asked later: the
 * code only when the server says the account has two-step sign-in).
 */
export function adminCredentials(
  parsed: ParsedArgv,
  env: NodeJS.ProcessEnv,
): { user: string; password: string | undefined; totp?: string } {
  refuseSecretFlags(parsed);
  const totp = envValue(env, 'SPAWNPOINT_ADMIN_TOTP');
  return {
    user: flagValue(parsed, 'user') ?? envValue(env, 'SPAWNPOINT_ADMIN_USER') ?? 'admin',
    password: envValue(env, 'SPAWNPOINT_ADMIN_PASSWORD'),
    ...(totp ? { totp } : {}),
  };
}

let pipedLines: Promise<string[]> | undefined;

function readPiped(): Promise<string[]> {
  pipedLines ??= new Promise((resolve) => {
    let text = '';
    process.stdin.setEncoding('utf8');
    process.stdin.on('data', (chunk: string) => (text += chunk));
    process.stdin.on('end', () => resolve(text.split(/\r?\n/)));
    process.stdin.on('error', () => resolve([]));
  });
  return pipedLines;
}

let pipedIndex = 0;

/** Asks for a secret: hidden prompt on a terminal, else the next line of stdin. Empty: undefined. */
export async function askSecret(prompt: string): Promise<string | undefined> {
  if (!process.stdin.isTTY) {
    const lines = await readPiped();
    const line = lines[pipedIndex++]?.trim();
    return line ? line : undefined;
  }
  const rl = createInterface({ input: process.stdin, output: process.stderr, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  let asked = false;
  output._writeToOutput = (s: string) => {
    // Echo the prompt once, then nothing of what is typed.
    if (!asked) process.stderr.write(s);
    asked = true;
  };
  try {
    const answer = await new Promise<string>((resolve) => rl.question(prompt, resolve));
    process.stderr.write('\n');
    return answer.trim() || undefined;
  } finally {
    rl.close();
  }
}
