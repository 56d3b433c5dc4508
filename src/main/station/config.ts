/**
 * Station configuration: which cafe server to talk to and who this station
 * is. Merged from (lowest to highest) defaults, the JSON file `station.json`
 * in the data directory, the environment and command-line flags. Every
 * source is validated on its own so an error names where the bad value came
 * from and which field it is. These functions are pure; config-loader.ts
 * reads the file.
 */
import { z } from 'zod';
import { macAddressSchema } from '../../shared/entities.js';
import { readFlags } from './flags.js';
import { fingerprintSchema } from './fingerprint.js';
import { normalizeMac } from './identity.js';

export interface StationConfig {
  serverUrl: string;
  stationId: string;
  /** Overrides the MAC address read from the OS. */
  macAddress?: string;
  /** Overrides the PC name read from the OS. */
  pcName?: string;
  /** The one-time code the operator issued (`npm run cafe -- pair <stationId>`), normalized to XXXX-XXXX; never logged. */
  pairingCode?: string;
  /** The cafe server's certificate fingerprint (SHA-256, AB:CD:…) the station must see at enrolment; otherwise trust on first use. */
  serverFingerprint?: string;
  /** Where the station keeps its files (station.json, screenshots). */
  dataDir: string;
}

/** The fields a file, the environment or a flag can set. */
export type StationSettings = Partial<Omit<StationConfig, 'dataDir'>>;
type Field = keyof StationSettings;

export const CONFIG_FILE_NAME = 'station.json';

/** How each field is spelled in the environment and on the command line. */
export const CONFIG_FIELDS: Record<Field, { env: string; flag: string }> = {
  serverUrl: { env: 'SPAWNPOINT_SERVER', flag: 'server' },
  stationId: { env: 'SPAWNPOINT_STATION_ID', flag: 'station-id' },
  macAddress: { env: 'SPAWNPOINT_MAC', flag: 'mac' },
  pcName: { env: 'SPAWNPOINT_PC_NAME', flag: 'pc-name' },
  pairingCode: { env: 'SPAWNPOINT_PAIRING_CODE', flag: 'pairing-code' },
  serverFingerprint: { env: 'SPAWNPOINT_SERVER_FINGERPRINT', flag: 'server-fingerprint' },
};
/** Fields whose value never appears in an error message or a log line. */
const SECRET_FIELDS: ReadonlySet<Field> = new Set(['pairingCode']);
const FIELD_NAMES = Object.keys(CONFIG_FIELDS) as Field[];
const REQUIRED: readonly Field[] = ['serverUrl', 'stationId'];

export const CONFIG_PATH_ENV = 'SPAWNPOINT_CONFIG';
export const CONFIG_PATH_FLAG = 'config';
export const DATA_DIR_ENV = 'SPAWNPOINT_DATA_DIR';
export const DATA_DIR_FLAG = 'data-dir';

/** Crockford base32 without I, L, O, U. */
const CROCKFORD = '[0-9A-HJKMNP-TV-Z]';
const PAIRING_CODE = new RegExp(`^(${CROCKFORD}{4})-?(${CROCKFORD}{4})$`);

/** 8 Crockford base32 characters, with or without the hyphen, any case → XXXX-XXXX. */
export const pairingCodeSchema = z
  .string()
  .trim()
  .transform((code) => code.toUpperCase())
  .refine((code) => PAIRING_CODE.test(code), 'must be the 8-character code shown by `npm run cafe -- pair` (XXXX-XXXX)')
  .transform((code) => code.replace(PAIRING_CODE, '$1-$2'));

const fieldSchemas: Record<Field, z.ZodType<string, unknown>> = {
  serverUrl: z
    .url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' })
    .transform((url) => url.replace(/\/+$/, '')),
  stationId: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(128, 'must be at most 128 characters'),
  macAddress: macAddressSchema.transform(normalizeMac),
  pcName: z
    .string()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 ._-]{0,63}$/, 'must be 1–64 letters, digits, spaces, dots, hyphens or underscores'),
  pairingCode: pairingCodeSchema,
  serverFingerprint: fingerprintSchema,
};

/** A configuration problem, with a message meant for the person installing the station. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

function preview(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

/** zod's type errors, reworded to follow a field name. */
function readable(message: string): string {
  const typeError = /^Invalid input: expected (\w+), received (\w+)$/.exec(message);
  if (!typeError) return message;
  const received = typeError[2] ?? '';
  const article = received === 'null' ? '' : /^[aeiou]/.test(received) ? 'an ' : 'a ';
  return `must be a ${typeError[1]}, not ${article}${received}`;
}

function fail(where: string, problems: string[]): never {
  throw new ConfigError(`Invalid station config ${where}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
}

/** Validate the values of one source; `label` says how that source names a field. */
function validate(
  raw: Partial<Record<Field, unknown>>,
  where: string,
  label: (field: Field) => string,
  extraProblems: string[] = [],
): StationSettings {
  const settings: StationSettings = {};
  const problems = [...extraProblems];
  for (const field of FIELD_NAMES) {
    if (raw[field] === undefined) continue;
    const parsed = fieldSchemas[field].safeParse(raw[field]);
    if (parsed.success) settings[field] = parsed.data;
    else {
      const message = readable(parsed.error.issues[0]?.message ?? 'is invalid');
      const got = SECRET_FIELDS.has(field) ? '' : ` (got ${preview(raw[field])})`;
      problems.push(`${label(field)} ${message}${got}`);
    }
  }
  if (problems.length > 0) fail(where, problems);
  return settings;
}

/** Validates settings given in code (e.g. to startWebShell); the error names the fields. */
export function validateStationSettings(raw: Partial<Record<Field, unknown>>, where: string): StationSettings {
  return validate(raw, where, (field) => field);
}

/** The contents of a station.json. */
export function parseConfigFile(text: string, filePath: string): StationSettings {
  const where = `in ${filePath}`;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    fail(where, [`the file is not valid JSON: ${(error as Error).message}`]);
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    fail(where, ['the file must contain a JSON object like {"serverUrl": "...", "stationId": "..."}']);
  }
  const record = json as Record<string, unknown>;
  const unknown = Object.keys(record)
    .filter((key) => !(FIELD_NAMES as string[]).includes(key))
    .map((key) => `unknown field "${key}" (known: ${FIELD_NAMES.join(', ')})`);
  return validate(record, where, (field) => `field "${field}"`, unknown);
}

export interface SourceSettings {
  settings: StationSettings;
  configPath?: string;
  dataDir?: string;
}

/** SPAWNPOINT_* variables; empty variables count as unset. */
export function parseConfigEnv(env: NodeJS.ProcessEnv): SourceSettings {
  const raw: Partial<Record<Field, string>> = {};
  for (const field of FIELD_NAMES) {
    const value = env[CONFIG_FIELDS[field].env];
    if (value !== undefined && value !== '') raw[field] = value;
  }
  const settings = validate(raw, 'in the environment', (field) => CONFIG_FIELDS[field].env);
  return {
    settings,
    ...(env[CONFIG_PATH_ENV] ? { configPath: env[CONFIG_PATH_ENV] } : {}),
    ...(env[DATA_DIR_ENV] ? { dataDir: env[DATA_DIR_ENV] } : {}),
  };
}

/** The names of every flag the station config reads, for CLIs that check their argv. */
export const CONFIG_FLAG_NAMES: readonly string[] = [
  ...FIELD_NAMES.map((field) => CONFIG_FIELDS[field].flag),
  CONFIG_PATH_FLAG,
  DATA_DIR_FLAG,
];

/** --server, --station-id, --mac, --pc-name, --config, --data-dir; other arguments are ignored. */
export function parseConfigArgs(argv: readonly string[]): SourceSettings {
  const flags = readFlags(argv, { strings: CONFIG_FLAG_NAMES });
  const raw: Partial<Record<Field, string>> = {};
  for (const field of FIELD_NAMES) {
    const value = flags.strings.get(CONFIG_FIELDS[field].flag);
    if (value !== undefined) raw[field] = value;
  }
  const settings = validate(raw, 'on the command line', (field) => `--${CONFIG_FIELDS[field].flag}`, flags.errors);
  const configPath = flags.strings.get(CONFIG_PATH_FLAG);
  const dataDir = flags.strings.get(DATA_DIR_FLAG);
  return { settings, ...(configPath ? { configPath } : {}), ...(dataDir ? { dataDir } : {}) };
}

/**
 * Later layers win. Fails, naming every way to set it, when a required field
 * is set nowhere.
 */
export function mergeStationConfig(
  dataDir: string,
  layers: readonly StationSettings[],
  configPath: string,
): StationConfig {
  const merged: StationSettings = Object.assign({}, ...layers);
  const missing = REQUIRED.filter((field) => merged[field] === undefined).map(
    (field) =>
      `${field} is not set: put "${field}" in ${configPath}, set ${CONFIG_FIELDS[field].env} or pass --${CONFIG_FIELDS[field].flag}`,
  );
  if (missing.length > 0) {
    throw new ConfigError(`Station config is incomplete:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  }
  return { ...merged, serverUrl: merged.serverUrl!, stationId: merged.stationId!, dataDir };
}
