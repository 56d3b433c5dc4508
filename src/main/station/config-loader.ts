/**
 * Reads the station config from its sources. The file is optional at its
 * default place (<dataDir>/station.json) but must exist when a path was
 * given with --config or SPAWNPOINT_CONFIG.
 *
 * machineOnly (the packaged app): the machine's station.json in the
 * admin-only data directory is the only source. A flag or variable that
 * would override it (--server, --config, --data-dir, SPAWNPOINT_SERVER…) is
 * refused, so whoever can start the program cannot point the kiosk at
 * another server or station. Its serverUrl must be https unless the server
 * is on the station itself (station/transport.ts).
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CONFIG_FIELDS,
  CONFIG_FILE_NAME,
  CONFIG_FLAG_NAMES,
  CONFIG_PATH_ENV,
  DATA_DIR_ENV,
  ConfigError,
  mergeStationConfig,
  parseConfigArgs,
  parseConfigEnv,
  parseConfigFile,
} from './config.js';
import type { StationConfig, StationSettings } from './config.js';
import { readFlags } from './flags.js';
import { plainHttpRefusal } from './transport.js';

export interface LoadConfigOptions {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Where the station keeps its files unless --data-dir or SPAWNPOINT_DATA_DIR say otherwise. */
  defaultDataDir: string;
  /** Lowest layer, below the file. */
  defaults?: StationSettings;
  /** Injected for tests; returns undefined when the file does not exist. */
  readFile?: (path: string) => string | undefined;
  /** Only <defaultDataDir>/station.json; overrides are refused (packaged builds). */
  machineOnly?: boolean;
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`Cannot read station config ${path}: ${(error as Error).message}`);
  }
}

/** The flags and variables that would override the machine's station.json. */
export function machineConfigOverrides(argv: readonly string[], env: NodeJS.ProcessEnv): string[] {
  const flags = readFlags(argv, { strings: CONFIG_FLAG_NAMES });
  const given = CONFIG_FLAG_NAMES.filter(
    (name) => flags.strings.has(name) || flags.errors.some((error) => error.startsWith(`--${name} `)),
  ).map((name) => `--${name}`);
  const variables = [...Object.values(CONFIG_FIELDS).map((field) => field.env), CONFIG_PATH_ENV, DATA_DIR_ENV];
  return [...given, ...variables.filter((name) => env[name] !== undefined && env[name] !== '')];
}

function loadMachineConfig(options: LoadConfigOptions, readFile: (path: string) => string | undefined): StationConfig {
  const dataDir = resolve(options.defaultDataDir);
  const configPath = join(dataDir, CONFIG_FILE_NAME);
  const overrides = machineConfigOverrides(options.argv, options.env);
  if (overrides.length > 0) {
    throw new ConfigError(
      `The installed station reads its configuration only from ${configPath} (written by the installer, changed by administrators). ` +
        `Remove ${overrides.join(', ')} and put the setting in that file instead.`,
    );
  }
  const text = readFile(configPath);
  if (text === undefined) {
    throw new ConfigError(`Station config file ${configPath} does not exist: reinstall Spawnpoint or write it as an administrator.`);
  }
  const config = mergeStationConfig(dataDir, [options.defaults ?? {}, parseConfigFile(text, configPath)], configPath);
  const refusal = plainHttpRefusal(config.serverUrl, configPath);
  if (refusal) throw new ConfigError(refusal);
  return config;
}

export function loadStationConfig(options: LoadConfigOptions): StationConfig {
  const readFile = options.readFile ?? readIfExists;
  if (options.machineOnly) return loadMachineConfig(options, readFile);
  const fromArgs = parseConfigArgs(options.argv);
  const fromEnv = parseConfigEnv(options.env);
  const dataDir = resolve(fromArgs.dataDir ?? fromEnv.dataDir ?? options.defaultDataDir);
  const explicitPath = fromArgs.configPath ?? fromEnv.configPath;
  const configPath = resolve(explicitPath ?? join(dataDir, CONFIG_FILE_NAME));
  const text = readFile(configPath);
  if (text === undefined && explicitPath !== undefined) {
    throw new ConfigError(`Station config file ${configPath} does not exist.`);
  }
  const fromFile = text === undefined ? {} : parseConfigFile(text, configPath);
  return mergeStationConfig(
    dataDir,
    [options.defaults ?? {}, fromFile, fromEnv.settings, fromArgs.settings],
    configPath,
  );
}
