import { describe, expect, it } from 'vitest';
import { Argon2Pool, SERVER_BUSY } from '../../src/server/crypto/argon2-pool.js';

const gate = () => {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};

describe('Argon2Pool', () => {
  it('runs at most `concurrency` at once, lets a station go first, and turns away an open request past the queue', async () => {
    const pool = new Argon2Pool(1, 1);
    const order: string[] = [];
    const first = gate();
    const running = pool.run(async () => {
      await first.opened;
      order.push('first');
    });
    const open = pool.run(async () => void order.push('open'), 'open');
    await expect(pool.run(async () => order.push('too many'), 'open')).rejects.toMatchObject({ statusCode: 503, message: SERVER_BUSY });
    const station = pool.run(async () => void order.push('station'), 'station');
    first.open();
    await Promise.all([running, open, station]);
    expect(order).toEqual(['first', 'station', 'open']);
  });
});
