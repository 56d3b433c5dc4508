/**
 * Runs a program with an argument array — never a shell, never a command
 * string — so a value from the network is at most one argv element.
 */
import { execFile, spawn } from 'node:child_process';

export interface RunOptions {
  /** Start a GUI program and do not wait for it to exit. */
  detached?: boolean;
  /** Extra environment variables (how scripts receive values without string building). */
  env?: Record<string, string>;
  /** Working directory (games that look for files next to them). */
  cwd?: string;
}

export type CommandRunner = (file: string, args: readonly string[], options?: RunOptions) => Promise<void>;

const TIMEOUT_MS = 30_000;

export const execFileRunner: CommandRunner = (file, args, options = {}) => {
  const env = options.env ? { ...process.env, ...options.env } : process.env;
  if (options.detached) {
    return new Promise((resolve, reject) => {
      const child = spawn(file, [...args], {
        detached: true,
        stdio: 'ignore',
        shell: false,
        env,
        windowsHide: false,
        ...(options.cwd ? { cwd: options.cwd } : {}),
      });
      child.once('error', reject);
      child.once('spawn', () => {
        child.unref();
        resolve();
      });
    });
  }
  return new Promise((resolve, reject) => {
    execFile(
      file,
      [...args],
      { shell: false, windowsHide: true, timeout: TIMEOUT_MS, env },
      (error, _stdout, stderr) => {
        if (!error) return resolve();
        const detail = String(stderr).trim().split('\n')[0];
        reject(Object.assign(new Error(`${file} failed: ${detail || error.message}`), { code: error.code }));
      },
    );
  });
};

/** True for the error a runner gives when the program does not exist. */
export function isMissingProgram(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Runs a program with an argument array and resolves with its standard output. */
export type OutputRunner = (file: string, args: readonly string[], options?: Pick<RunOptions, 'env'>) => Promise<string>;

export const execFileOutput: OutputRunner = (file, args, options = {}) =>
  new Promise((resolve, reject) => {
    const env = options.env ? { ...process.env, ...options.env } : process.env;
    execFile(file, [...args], { shell: false, windowsHide: true, timeout: TIMEOUT_MS, env }, (error, stdout) =>
      error ? reject(error) : resolve(String(stdout)),
    );
  });
