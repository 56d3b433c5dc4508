/**
 * The station credential kept on the machine:
 * `<data dir>/station-credential.json`
 * `{serverUrl, stationId, stationCredential, certificateFingerprint, enrolledAt, pairingCodeHash}`,
 * file mode 0600 (written to a temporary file first, then renamed into place,
 * so a power cut leaves the old file or the new one). A file that is not
 * JSON, does not match the schema, or belongs to another server or station
 * is reported in words and never throws; its contents never reach a log line.
 */
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import { isFingerprint } from './fingerprint.js';

export const CREDENTIAL_FILE_NAME = 'station-credential.json';
/** `spst_` + 32 random bytes in base64url (43 characters). */
export const STATION_CREDENTIAL_PATTERN = /^spst_[A-Za-z0-9_-]{43}$/;

export const storedCredentialSchema = z.object({
  serverUrl: z.string().min(1),
  stationId: z.string().min(1),
  stationCredential: z.string().regex(STATION_CREDENTIAL_PATTERN),
  certificateFingerprint: z.string().refine(isFingerprint).nullable(),
  enrolledAt: z.iso.datetime(),
  /** SHA-256 (hex) of the pairing code this credential came from: a different code in station.json means "pair again". */
  pairingCodeHash: z.string().regex(/^[0-9a-f]{64}$/).optional(),
});
export type StoredCredential = z.infer<typeof storedCredentialSchema>;

export type StoredCredentialRead =
  | { kind: 'none' }
  | { kind: 'ok'; credential: StoredCredential }
  | { kind: 'invalid'; problem: string };

export function credentialPath(dataDir: string): string {
  return join(dataDir, CREDENTIAL_FILE_NAME);
}

/** The fields that are wrong, by name only: values may be secret. */
function describeProblems(error: z.ZodError): string {
  const fields = [...new Set(error.issues.map((issue) => issue.path.join('.') || '(the file)'))];
  return `the field${fields.length > 1 ? 's' : ''} ${fields.map((f) => `"${f}"`).join(', ')} ${fields.length > 1 ? 'are' : 'is'} missing or malformed`;
}

export async function readStoredCredential(dataDir: string): Promise<StoredCredentialRead> {
  const path = credentialPath(dataDir);
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { kind: 'none' };
    return { kind: 'invalid', problem: `${path} cannot be read (${code ?? 'error'})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'invalid', problem: `${path} is not valid JSON` };
  }
  const parsed = storedCredentialSchema.safeParse(json);
  if (!parsed.success) return { kind: 'invalid', problem: `${path} is not a station credential: ${describeProblems(parsed.error)}` };
  return { kind: 'ok', credential: parsed.data };
}

/** True when the stored credential was issued by this server to this station. */
export function credentialBelongsTo(credential: StoredCredential, serverUrl: string, stationId: string): boolean {
  return credential.serverUrl === serverUrl && credential.stationId === stationId;
}

export async function writeStoredCredential(dataDir: string, credential: StoredCredential): Promise<string> {
  const record = storedCredentialSchema.parse(credential);
  const path = credentialPath(dataDir);
  const temporary = `${path}.${process.pid}.tmp`;
  await mkdir(dataDir, { recursive: true });
  try {
    await writeFile(temporary, `${JSON.stringify(record, null, 2)}\n`, { mode: 0o600, flag: 'w' });
    // The mode of writeFile is masked by the umask and ignored for an existing file.
    await chmod(temporary, 0o600);
    await rename(temporary, path);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  return path;
}
