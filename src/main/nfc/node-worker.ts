/**
 * Starts the PC/SC worker as a forked Node.js child (the web shell, which
 * runs under tsx). Electron uses its utilityProcess instead
 * (nfc/utility-worker.ts): with the runAsNode fuse off it cannot fork itself.
 */
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { SpawnWorker } from './pcsc-reader.js';

const WORKER_SOURCE = fileURLToPath(new URL('./pcsc-worker.ts', import.meta.url));

export function nodeWorkerSpawner(log: (line: string) => void): SpawnWorker {
  return () => {
    const child = fork(WORKER_SOURCE, [], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
      serialization: 'json',
    });
    child.stderr?.on('data', (chunk: Buffer) => log(`nfc worker: ${chunk.toString().trim().slice(0, 300)}`));
    child.on('error', (error) => log(`nfc worker: ${error.message}`));
    return {
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => child.on('exit', (code) => listener(code)),
      kill: () => {
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      },
    };
  };
}
