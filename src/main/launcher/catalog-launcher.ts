/**
 * The station's launcher (SPEC §7 Launch → AppLaunched / AppClosed /
 * AccountReleased): looks the Json_ID up in the catalog, starts it with an
 * argument array, then watches the process list. AppLaunched goes to the
 * renderer when the game's process appears, AppClosed when it is gone; a
 * centre-account game also gets AccountReleased when it closes (or never
 * started). Passwords reach only the platform's argv, never a log line.
 */
import { join } from 'node:path';
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import type { CommandRunner } from '../os/command-runner.js';
import { isMissingProgram } from '../os/command-runner.js';
import { CATALOG_FILE_NAME, loadCatalog as loadCatalogFile } from './catalog.js';
import type { Catalog } from './catalog.js';
import { launchPlan } from './launch-plan.js';
import type { PlanContext } from './launch-plan.js';
import { LaunchError, NO_SETTINGS_MESSAGE } from './launcher.js';
import type { GameLauncher, LaunchAccount } from './launcher.js';
import type { ProcessLister } from './process-list.js';

export interface WatchTimers {
  now(): number;
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

const realTimers: WatchTimers = {
  now: () => Date.now(),
  setInterval: (callback, ms) => setInterval(callback, ms),
  clearInterval: (id) => clearInterval(id as NodeJS.Timeout),
};

export interface CatalogLauncherOptions {
  dataDir: string;
  context: PlanContext;
  run: CommandRunner;
  listProcesses: ProcessLister;
  emit: (message: ShellToRenderer) => void;
  log: (line: string) => void;
  loadCatalog?: (path: string) => Promise<Catalog>;
  timers?: WatchTimers;
  /** How often the process list is read while a game is watched. */
  pollMs?: number;
  /** A game whose process has not appeared after this long is given up. */
  startTimeoutMs?: number;
  /**
   * A centre-account game that never started (a wrong password or a Steam
   * Guard prompt keeps it from starting): the account is reported so staff
   * look at it before it is handed out again.
   */
  onAccountLaunchFailed?: (failure: { accountId: string; jsonId: string; reason: string }) => void;
}

export const POLL_MS = 2_000;

/** The file name of a Windows or POSIX path, for log lines and messages (never the arguments). */
const programName = (file: string) => file.split(/[\\/]/).pop() ?? file;
export const START_TIMEOUT_MS = 180_000;

interface Watch {
  process: string;
  account?: LaunchAccount;
  startedAt: number;
  seen: boolean;
}

export interface CatalogLauncher extends GameLauncher {
  /** Json_IDs being watched. */
  watching(): string[];
  openSettings(jsonId: string): Promise<void>;
  stop(): void;
}

export function createCatalogLauncher(options: CatalogLauncherOptions): CatalogLauncher {
  const { run, listProcesses, emit, log, context, timers = realTimers } = options;
  const load = options.loadCatalog ?? loadCatalogFile;
  const catalogPath = join(options.dataDir, CATALOG_FILE_NAME);
  const pollMs = options.pollMs ?? POLL_MS;
  const startTimeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
  const watches = new Map<string, Watch>();
  let interval: unknown = null;
  let polling = false;
  let listFailed = false;

  const release = (jsonId: string, watch: Watch) => {
    if (!watch.account) return;
    emit({ command: 'AccountReleased', JsonID: jsonId, ...(watch.account.accountId ? { Account_ID: watch.account.accountId } : {}) });
  };

  async function poll(): Promise<void> {
    if (polling) return;
    polling = true;
    try {
      let names: Set<string>;
      try {
        names = await listProcesses();
        listFailed = false;
      } catch (error) {
        if (!listFailed) log(`launcher: cannot read the process list: ${error instanceof Error ? error.message : String(error)}`);
        listFailed = true;
        return;
      }
      for (const [jsonId, watch] of watches) {
        const running = names.has(watch.process.toLowerCase());
        if (!watch.seen && running) {
          watch.seen = true;
          log(`launcher: ${jsonId} is running (${watch.process})`);
          emit({ command: 'AppLaunched', JsonID: jsonId });
        } else if (watch.seen && !running) {
          watches.delete(jsonId);
          log(`launcher: ${jsonId} closed`);
          emit({ command: 'AppClosed', JsonID: jsonId });
          release(jsonId, watch);
        } else if (!watch.seen && timers.now() - watch.startedAt > startTimeoutMs) {
          watches.delete(jsonId);
          log(`launcher: ${jsonId} did not start within ${Math.round(startTimeoutMs / 1000)} s`);
          emit({ command: 'CommandFailed', failed: 'Launch', message: `The game did not start (${jsonId})` });
          if (watch.account?.accountId) {
            options.onAccountLaunchFailed?.({
              accountId: watch.account.accountId,
              jsonId,
              reason: `The game did not start within ${Math.round(startTimeoutMs / 1000)} s after signing in with this account`,
            });
          }
          release(jsonId, watch);
        }
      }
    } finally {
      polling = false;
      if (watches.size === 0 && interval !== null) {
        timers.clearInterval(interval);
        interval = null;
      }
    }
  }

  return {
    async launch({ jsonId, account }) {
      const catalog = await load(catalogPath);
      const entry = catalog.entry(jsonId);
      const plan = launchPlan(entry, account, {
        ...context,
        ...(catalog.steamExecutable ? { steamExecutable: catalog.steamExecutable } : {}),
      });
      const withAccount = Boolean(account?.username && account.password);
      log(`launcher: starting ${jsonId} with ${programName(plan.file)}${withAccount ? ' (centre account)' : ''}`);
      try {
        await run(plan.file, plan.args, { detached: true, ...(plan.cwd ? { cwd: plan.cwd } : {}) });
      } catch (error) {
        // The error may quote the command; only the program's name goes on.
        throw new LaunchError(
          isMissingProgram(error)
            ? `Cannot start the game: ${programName(plan.file)} is not installed on this PC`
            : `Cannot start the game with ${programName(plan.file)}`,
        );
      }
      if (!watches.has(jsonId)) {
        watches.set(jsonId, {
          process: entry.process,
          startedAt: timers.now(),
          seen: false,
          ...(withAccount && account ? { account: { ...(account.accountId ? { accountId: account.accountId } : {}) } } : {}),
        });
      }
      if (interval === null) interval = timers.setInterval(() => void poll(), pollMs);
    },
    async openSettings(jsonId) {
      const entry = (await load(catalogPath)).entry(jsonId);
      if (!entry.settings) throw new LaunchError(NO_SETTINGS_MESSAGE);
      const plan = launchPlan({ ...entry.settings, process: entry.process }, undefined, context);
      log(`launcher: opening the settings of ${jsonId} with ${programName(plan.file)}`);
      try {
        await run(plan.file, plan.args, { detached: true, ...(plan.cwd ? { cwd: plan.cwd } : {}) });
      } catch {
        throw new LaunchError(`Cannot open the game's settings with ${programName(plan.file)}`);
      }
    },
    watching: () => [...watches.keys()],
    stop() {
      if (interval !== null) timers.clearInterval(interval);
      interval = null;
      watches.clear();
    },
  };
}
