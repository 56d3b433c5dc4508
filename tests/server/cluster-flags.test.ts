/** `npm run cluster` flags: defaults, the environment, and clear refusals. */
import { describe, expect, it } from 'vitest';
import { parseClusterFlags } from '../../src/server/cluster/flags.js';

describe('parseClusterFlags', () => {
  it('defaults to two nodes on port 4000 and reads the environment', () => {
    expect(parseClusterFlags([])).toEqual({ nodes: 2, port: 4000, webPort: 4100, clockSpeed: 1, kiosk: false, help: false });
    expect(parseClusterFlags(['--nodes', '3', '--kiosk', '--clock-speed', '30'], { SPAWNPOINT_PORT: '44000', SPAWNPOINT_WEB_PORT: '44100' })).toEqual({
      nodes: 3,
      port: 44000,
      webPort: 44100,
      clockSpeed: 30,
      kiosk: true,
      help: false,
    });
  });

  it.each([
    [['--nodes', '0'], /--nodes must be between 1 and 16/],
    [['--nodes', '17'], /--nodes must be between 1 and 16/],
    [['--port', 'x'], /--port must be a whole number/],
    [['--clock-speed', '-1'], /--clock-speed must be a positive number/],
    [['--frobnicate'], /unknown flag --frobnicate/],
    [['extra'], /unexpected argument 'extra'/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseClusterFlags(argv)).toThrow(message);
  });
});
