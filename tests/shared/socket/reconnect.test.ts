/** The one retry rule of the kiosk's connection and the console's /staff link (SPEC §9). */
import { describe, expect, it } from 'vitest';
import { reconnectDelay } from '../../../src/shared/socket/reconnect.js';

describe('reconnect delay', () => {
  it('is a random 1 s to 3 s, clamped', () => {
    expect(reconnectDelay(0)).toBe(1_000);
    expect(reconnectDelay(0.5)).toBe(2_000);
    expect(reconnectDelay(0.999)).toBe(2_998);
    expect(reconnectDelay(7)).toBe(3_000);
  });
});
