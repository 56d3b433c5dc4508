/**
 * SystemIdle (issue 24): nobody has touched the PC for SYSTEM_IDLE_AFTER_S
 * seconds (the OS's idle time: Electron's powerMonitor). A customer who
 * walked away gets the lock screen (the renderer locks on SystemIdle); staff
 * left signed in at the station (admin mode) are signed out (AdminLogout).
 * Nothing is said while a game runs or starts (watching a match is not
 * idle), while the kiosk is already locked or logged out, and only once per
 * idle stretch: the watch re-arms when someone touches the PC again.
 */
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import type { FrontState } from './front-policy.js';

export const SYSTEM_IDLE_AFTER_S = 10 * 60;
export const IDLE_POLL_MS = 15_000;

export interface IdleTimers {
  setInterval(callback: () => void, ms: number): unknown;
  clearInterval(id: unknown): void;
}

export interface IdleWatchDeps {
  /** Seconds since the last keyboard or mouse input, as the OS counts them. */
  idleSeconds(): number;
  /** The kiosk's window state (front-policy.ts). */
  state(): FrontState;
  emit(message: ShellToRenderer): void;
  timers?: IdleTimers;
  thresholdSeconds?: number;
  pollMs?: number;
}

/** What to tell the renderer about an idle PC in this state, or null for nothing. */
export function idleMessage(state: FrontState, idleSeconds: number): ShellToRenderer | null {
  if (state.locked || state.games.size > 0 || state.launching) return null;
  return state.admin ? { command: 'AdminLogout' } : { command: 'SystemIdle', idleSeconds: Math.floor(idleSeconds) };
}

export function createIdleWatch(deps: IdleWatchDeps): { check(): void; stop(): void } {
  const threshold = deps.thresholdSeconds ?? SYSTEM_IDLE_AFTER_S;
  const timers: IdleTimers = deps.timers ?? {
    setInterval: (callback, ms) => setInterval(callback, ms),
    clearInterval: (id) => clearInterval(id as ReturnType<typeof setInterval>),
  };
  let told = false;
  const check = () => {
    const idle = deps.idleSeconds();
    if (idle < threshold) {
      told = false;
      return;
    }
    if (told) return;
    const message = idleMessage(deps.state(), idle);
    if (!message) return;
    told = true;
    deps.emit(message);
  };
  const id = timers.setInterval(check, deps.pollMs ?? IDLE_POLL_MS);
  return { check, stop: () => timers.clearInterval(id) };
}
