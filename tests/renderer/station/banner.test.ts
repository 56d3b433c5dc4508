import { describe, expect, it } from 'vitest';
import { bannerMessageKey } from '../../../src/renderer/station/banner.js';
import { format } from '../../../src/shared/i18n/en.js';

describe('connection banner (SPEC §4)', () => {
  it('shows in every state except connected', () => {
    expect(bannerMessageKey('connecting', 0)).toBe('connection.connecting');
    expect(bannerMessageKey('reconnecting', 0)).toBe('connection.reconnecting');
    expect(bannerMessageKey('disconnected', 0)).toBe('connection.disconnected');
    expect(bannerMessageKey('connected', 0)).toBeNull();
  });

  it('shows when connected only after more than 2 consecutive heartbeat errors', () => {
    expect(bannerMessageKey('connected', 2)).toBeNull();
    const key = bannerMessageKey('connected', 3);
    expect(key).not.toBeNull();
    expect(format(key!)).toBe('The cafe server is not answering');
  });

  it("shows 'Disconnected from the cafe server' while the server's connectionStatus says the connection is not good (issue 24)", () => {
    expect(format(bannerMessageKey('connected', 0, true)!)).toBe('Disconnected from the cafe server');
    expect(bannerMessageKey('connected', 0, false)).toBeNull();
  });
});
