/**
 * SPEC §7: "A tapped NFC card also arrives as a browser event with cardUid."
 * Every NFC_LOGIN the shell sends is re-dispatched on window as
 * CustomEvent(NFC_CARD_EVENT, {detail: {cardUid}}), for any screen that
 * listens without holding the bridge (the NFC modal, the lock screen).
 */
import { NFC_CARD_EVENT, type NfcCardEventDetail } from '../../../shared/bridge/channels.js';
import type { SpawnpointBridge } from '../../../shared/bridge/protocol.js';

const forwarding = new WeakSet<SpawnpointBridge>();

/** Starts forwarding the bridge's card taps to `win` (once per bridge); returns the stop function. */
export function forwardCardTaps(bridge: SpawnpointBridge, win: Window): () => void {
  if (forwarding.has(bridge)) return () => undefined;
  forwarding.add(bridge);
  const stop = bridge.onMessage((message) => {
    if (message.command !== 'NFC_LOGIN') return;
    const detail: NfcCardEventDetail = { cardUid: message.ID };
    win.dispatchEvent(new CustomEvent<NfcCardEventDetail>(NFC_CARD_EVENT, { detail }));
  });
  return () => {
    forwarding.delete(bridge);
    stop();
  };
}
