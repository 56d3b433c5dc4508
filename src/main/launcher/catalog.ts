/**
 * The station-local game catalog: <dataDir>/games.json maps each Json_ID the
 * server knows to how this PC starts it — an executable with arguments, or a
 * URI such as steam://rungameid/730 — and the process to watch. The cafe's
 * technician writes it (docs/game-catalog.md). It is read on every launch,
 * so an edit needs no restart; a bad file or a missing entry is a
 * LaunchError with a message for the renderer, never a crash.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { LaunchError } from './launcher.js';

export const CATALOG_FILE_NAME = 'games.json';

/** A process image name as the OS lists it: "cs2.exe", "hl2_linux". No paths. */
const processName = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[^\\/:*?"<>|]+$/, 'must be a file name without a path');

const account = z.enum(['steam']).optional();

/** Schemes a catalog URI may use: game launchers' own, never the web or the file system. */
export const LAUNCH_URI_SCHEMES = [
  'steam:',
  'com.epicgames.launcher:',
  'uplay:',
  'origin2:',
  'battlenet:',
  'riotclient:',
] as const;

const launchUri = z
  .string()
  .max(500)
  .refine((value) => {
    try {
      return (LAUNCH_URI_SCHEMES as readonly string[]).includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, `must be a URI of one of ${LAUNCH_URI_SCHEMES.join(' ')}`);

/** How to open a game's own settings (GameSpecificSettings): a program, or a URI of the launchers' schemes. */
const settingsProgram = z
  .object({
    executable: z.string().min(1).max(500),
    args: z.array(z.string().max(500)).max(50).default([]),
    cwd: z.string().min(1).max(500).optional(),
  })
  .strict();
const settings = z.union([settingsProgram, z.object({ uri: launchUri }).strict()]);
export type SettingsEntry = z.infer<typeof settings>;

const executableEntry = z
  .object({
    executable: z.string().min(1).max(500),
    args: z.array(z.string().max(500)).max(50).default([]),
    cwd: z.string().min(1).max(500).optional(),
    process: processName,
    account,
    settings: settings.optional(),
  })
  .strict();

const uriEntry = z
  .object({
    uri: launchUri,
    process: processName,
    account,
    settings: settings.optional(),
  })
  .strict();

export const catalogEntrySchema = z.union([executableEntry, uriEntry]);
export type CatalogEntry = z.infer<typeof catalogEntrySchema>;

export const catalogSchema = z
  .object({
    /** Where the Steam client is, for centre-account launches (steam.exe -login …). */
    steamExecutable: z.string().min(1).max(500).optional(),
    games: z.record(z.string().min(1).max(128), z.unknown()),
  })
  .strict();

export interface Catalog {
  steamExecutable?: string;
  /** The entry of a Json_ID, or a LaunchError saying what is wrong with it. */
  entry(jsonId: string): CatalogEntry;
  /** The Json_IDs whose entries are valid: what is installed on this PC. */
  jsonIds(): string[];
}

function issues(error: z.ZodError): string {
  return error.issues.map((issue) => `${issue.path.join('.') || '(entry)'} ${issue.message}`).join('; ');
}

/** Parses the catalog text; only the entry asked for must be valid, so one bad entry spoils only itself. */
export function parseCatalog(text: string, filePath: string): Catalog {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new LaunchError(`The game catalog ${filePath} is not valid JSON: ${(error as Error).message}`);
  }
  const parsed = catalogSchema.safeParse(json);
  if (!parsed.success) throw new LaunchError(`The game catalog ${filePath} is invalid: ${issues(parsed.error)}`);
  const { games, steamExecutable } = parsed.data;
  return {
    ...(steamExecutable ? { steamExecutable } : {}),
    jsonIds: () => Object.keys(games).filter((jsonId) => catalogEntrySchema.safeParse(games[jsonId]).success),
    entry(jsonId) {
      if (!Object.hasOwn(games, jsonId)) {
        throw new LaunchError(`This game is not set up on this PC (no entry "${jsonId}" in ${filePath})`);
      }
      const entry = catalogEntrySchema.safeParse(games[jsonId]);
      if (!entry.success) {
        throw new LaunchError(
          `The entry "${jsonId}" in ${filePath} is invalid: give "executable" (with "args") or "uri", and "process"`,
        );
      }
      return entry.data;
    },
  };
}

export async function loadCatalog(filePath: string): Promise<Catalog> {
  let text: string;
  try {
    text = await readFile(filePath, 'utf8');
  } catch (error) {
    const missing = (error as NodeJS.ErrnoException).code === 'ENOENT';
    throw new LaunchError(
      missing
        ? `No games are set up on this PC: ${filePath} does not exist`
        : `Cannot read the game catalog ${filePath}: ${(error as Error).message}`,
    );
  }
  return parseCatalog(text, filePath);
}
