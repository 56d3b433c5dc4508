/**
 * The station tells the cafe server which games it sees running (issue 22:
 * XP only for real play). The launcher says AppLaunched when a game's
 * process appears and AppClosed when it is gone; this follows those messages
 * and sends the set — PUT /game-play-tracking/station/{stationId}/running
 * with the station credential — at every change and every RUNNING_REPORT_MS
 * while any game runs. Reports go one at a time, in order, each with the set
 * as it is when sent. A station that is not enrolled sends nothing; a server
 * without the route (one that only follows the SPEC) answers 404 once and is
 * not asked again. Failures go to the log only: the kiosk plays on.
 */
import { RUNNING_REPORT_MS, MAX_RUNNING_REPORT, jsonId as jsonIdSchema } from '../../shared/api/games.js';
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import { STATION_CREDENTIAL_HEADER } from '../../shared/stationCredential.js';
import { nodePostJson } from '../launcher/centre-account.js';
import type { PostJson } from '../launcher/centre-account.js';

export interface ReportTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

const realTimers: ReportTimers = {
  setInterval: (callback, ms) => {
    const handle = setInterval(callback, ms);
    handle.unref?.();
    return handle;
  },
  clearInterval: (id) => clearInterval(id as NodeJS.Timeout),
};

export interface RunningReportDeps {
  serverUrl: string;
  stationId: string;
  credential: () => Promise<string | undefined>;
  pinnedFingerprint?: () => Promise<string | null | undefined>;
  post?: PostJson;
  log: (line: string) => void;
  timers?: ReportTimers;
  periodMs?: number;
}

export interface RunningReporter {
  /** Follows one shell → renderer message (AppLaunched / AppClosed change what runs). */
  observe(message: ShellToRenderer): void;
  /** The Json_IDs running now, as the launcher said. */
  running(): string[];
  /** Resolves once every report sent so far is answered. */
  settled(): Promise<void>;
  stop(): void;
}

export function createRunningReporter(deps: RunningReportDeps): RunningReporter {
  const { log, timers = realTimers } = deps;
  const periodMs = deps.periodMs ?? RUNNING_REPORT_MS;
  const running = new Set<string>();
  let chain: Promise<void> = Promise.resolve();
  let interval: unknown = null;
  let off = false;
  let said = '';

  /** One line per kind of trouble, not one per report. */
  const sayOnce = (line: string) => {
    if (line !== said) log(line);
    said = line;
  };

  async function send(): Promise<void> {
    if (off) return;
    const credential = await deps.credential();
    if (!credential) return sayOnce('games: not enrolled, so the running games are not reported (plays earn no XP on this server)');
    const jsonIds = [...running].slice(0, MAX_RUNNING_REPORT);
    try {
      const answer = await (deps.post ?? nodePostJson)({
        method: 'PUT',
        url: `${deps.serverUrl.replace(/\/+$/, '')}/game-play-tracking/station/${encodeURIComponent(deps.stationId)}/running`,
        headers: { accept: 'application/json', [STATION_CREDENTIAL_HEADER]: credential },
        body: JSON.stringify({ jsonIds }),
        pinnedFingerprint: (await deps.pinnedFingerprint?.()) ?? null,
        timeoutMs: 10_000,
      });
      if (answer.status === 404 || answer.status === 405) {
        off = true;
        return log('games: this server takes no running-game reports (it follows the SPEC only); not reporting again');
      }
      if (answer.status !== 200) return sayOnce(`games: the server refused the running games (${answer.status})`);
      said = '';
    } catch (error) {
      sayOnce(`games: running games not reported: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  const report = () => {
    chain = chain.then(send, send);
  };

  const keepReporting = () => {
    if (running.size > 0 && interval === null) interval = timers.setInterval(report, periodMs);
    if (running.size === 0 && interval !== null) {
      timers.clearInterval(interval);
      interval = null;
    }
  };

  return {
    observe(message) {
      if (message.command !== 'AppLaunched' && message.command !== 'AppClosed') return;
      const id = message.JsonID;
      if (!jsonIdSchema.safeParse(id).success) return;
      const changed = message.command === 'AppLaunched' ? !running.has(id) && Boolean(running.add(id)) : running.delete(id);
      if (!changed) return;
      report();
      keepReporting();
    },
    running: () => [...running],
    settled: () => chain,
    stop() {
      if (interval !== null) timers.clearInterval(interval);
      interval = null;
      off = true;
    },
  };
}
