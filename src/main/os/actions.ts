/**
 * SPEC §1/§7: the operating-system actions the native bridge performs. One
 * interface; one adapter per platform (windows.ts, linux.ts), a dry-run
 * adapter that records, and a factory that picks (factory.ts). Inputs that
 * reach a command (volume, PC name) are re-checked here, whatever the caller
 * validated already.
 */
import { join } from 'node:path';

export interface OsActions {
  shutdown(): Promise<void>;
  restart(): Promise<void>;
  openTaskManager(): Promise<void>;
  /** Master volume, an integer 0–100. */
  setVolume(percent: number): Promise<void>;
  openSoundSettings(): Promise<void>;
  openSoundMixer(): Promise<void>;
  openMouseSettings(): Promise<void>;
  /** Captures the whole screen to a PNG; resolves with its path. */
  screenshot(): Promise<string>;
  /** A NetBIOS-safe name: 1–15 letters, digits or hyphens. */
  renamePc(name: string): Promise<void>;
}

export type OsActionName = keyof OsActions;

/** An action that cannot be done (bad input, unsupported platform, command failed). */
export class OsActionError extends Error {
  override readonly name = 'OsActionError';
}

export const PC_NAME_PATTERN = /^[A-Za-z0-9-]{1,15}$/;

export function assertVolume(percent: number): void {
  if (!Number.isInteger(percent) || percent < 0 || percent > 100) {
    throw new OsActionError(`volume must be an integer from 0 to 100, not ${String(percent)}`);
  }
}

export function assertPcName(name: string): void {
  if (!PC_NAME_PATTERN.test(name)) {
    throw new OsActionError('PC name must be 1–15 letters, digits or hyphens');
  }
}

/** <dir>/screenshot-2025-01-31T10-20-30-000Z.png */
export function screenshotPath(dir: string, now: Date): string {
  return join(dir, `screenshot-${now.toISOString().replace(/[:.]/g, '-')}.png`);
}
