/**
 * argon2 work is expensive on purpose, so a flood of wrong passwords must not
 * queue in front of a real login: at most `concurrency` hashes run at once,
 * a bounded queue waits, and requests from an enrolled station go first.
 * Beyond the queue the answer is 503 at once.
 */
import { HttpError } from '../base/errors.js';

export type Priority = 'station' | 'open';

export const SERVER_BUSY = 'The server is busy checking passwords. Please try again in a moment.';

export class Argon2Pool {
  private running = 0;
  private readonly queues: Record<Priority, (() => void)[]> = { station: [], open: [] };

  constructor(
    private readonly concurrency = 2,
    private readonly maxQueued = 16,
  ) {}

  async run<T>(work: () => Promise<T>, priority: Priority = 'open'): Promise<T> {
    if (this.running >= this.concurrency) {
      const queued = this.queues.station.length + this.queues.open.length;
      if (queued >= this.maxQueued && priority === 'open') throw new HttpError(503, SERVER_BUSY);
      await new Promise<void>((resolve) => this.queues[priority].push(resolve));
    } else {
      this.running++;
    }
    try {
      return await work();
    } finally {
      const next = this.queues.station.shift() ?? this.queues.open.shift();
      if (next) next();
      else this.running--;
    }
  }
}
