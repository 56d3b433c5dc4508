/**
 * Reads the station config from its sources. The file is optional at its
 * default place (<dataDir>/station.json) but must exist when a path was
 * given with --config or SPAWNPOINT_CONFIG.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import {
  CONFIG_FILE_NAME,
  ConfigError,
  mergeStationConfig,
  parseConfigArgs,
  parseConfigEnv,
  parseConfigFile,
} from './config.js';
import type { StationConfig, StationSettings } from './config.js';

export interface LoadConfigOptions {
  argv: readonly string[];
  env: NodeJS.ProcessEnv;
  /** Where the station keeps its files unless --data-dir or SPAWNPOINT_DATA_DIR say otherwise. */
  defaultDataDir: string;
  /** Lowest layer, below the file. */
  defaults?: StationSettings;
  /** Injected for tests; returns undefined when the file does not exist. */
  readFile?: (path: string) => string | undefined;
}

function readIfExists(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new ConfigError(`Cannot read station config ${path}: ${(error as Error).message}`);
  }
}

export function loadStationConfig(options: LoadConfigOptions): StationConfig {
  const readFile = options.readFile ?? readIfExists;
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
