/** Secrets from the environment: NAME_FILE (a file's trimmed contents, e.g. a container secret) or NAME — never argv. */
import { readFileSync } from 'node:fs';

/** A secret's file is named but cannot be read. */
export class SecretFileError extends Error {}

/** A secret from NAME_FILE (its trimmed contents) or NAME; undefined when neither is set. */
export function secretFromEnv(env: Record<string, string | undefined>, name: string): string | undefined {
  const file = env[`${name}_FILE`];
  if (file) {
    try {
      return readFileSync(file, 'utf8').trim();
    } catch {
      throw new SecretFileError(`${name}_FILE cannot be read.`);
    }
  }
  const value = env[name];
  return value ? value : undefined;
}
