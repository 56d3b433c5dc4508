/**
 * Electron glue: starts the PC/SC worker (built to out/main/nfc-worker.js)
 * in an Electron utility process. With the runAsNode fuse off the app cannot
 * fork itself as Node.js; a utility process is Electron's own child process
 * for Node work. Imported only by index.ts.
 */
import { utilityProcess } from 'electron';
import type { SpawnWorker } from './pcsc-reader.js';

export function utilityWorkerSpawner(workerPath: string, log: (line: string) => void): SpawnWorker {
  return () => {
    const child = utilityProcess.fork(workerPath, [], { serviceName: 'Spawnpoint NFC reader', stdio: 'pipe' });
    child.stderr?.on('data', (chunk: Buffer) => log(`nfc worker: ${chunk.toString().trim().slice(0, 300)}`));
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    return {
      onMessage: (listener) => child.on('message', listener),
      onExit: (listener) => child.once('exit', (code) => listener(code)),
      kill: () => {
        if (!exited) child.kill();
      },
    };
  };
}
