/** SPEC §7: a tapped NFC card also arrives as a browser event with cardUid. */
import { describe, expect, it } from 'vitest';
import { NFC_CARD_EVENT } from '../../../../src/shared/bridge/channels.js';
import type { ShellToRenderer, SpawnpointBridge } from '../../../../src/shared/bridge/protocol.js';
import { forwardCardTaps } from '../../../../src/renderer/core/bridge/cardTaps.js';

function fakeBridge() {
  const listeners = new Set<(m: ShellToRenderer) => void>();
  const bridge: SpawnpointBridge = {
    send: () => {},
    onMessage: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  return { bridge, deliver: (m: ShellToRenderer) => listeners.forEach((l) => l(m)) };
}

describe('card taps as browser events', () => {
  it('dispatches nfc-card {cardUid} for each NFC_LOGIN, once per bridge, nothing for other messages', () => {
    const { bridge, deliver } = fakeBridge();
    const seen: unknown[] = [];
    const listener = (event: Event) => seen.push((event as CustomEvent).detail);
    window.addEventListener(NFC_CARD_EVENT, listener);
    const stop = forwardCardTaps(bridge, window);
    forwardCardTaps(bridge, window);
    deliver({ command: 'NFC_LOGIN', ID: '04A1B2C3' });
    deliver({ command: 'StartUpCompleted' });
    deliver({ command: 'NFC_LOGIN', ID: '04A1B2C4' });
    stop();
    deliver({ command: 'NFC_LOGIN', ID: '04A1B2C5' });
    window.removeEventListener(NFC_CARD_EVENT, listener);
    expect(NFC_CARD_EVENT).toBe('nfc-card');
    expect(seen).toEqual([{ cardUid: '04A1B2C3' }, { cardUid: '04A1B2C4' }]);
  });
});
