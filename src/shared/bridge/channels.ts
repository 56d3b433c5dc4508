/**
 * The names the bridge travels under. Kept free of runtime imports: the
 * sandboxed preload bundles this file and may require nothing but 'electron'.
 */

/** The name under which the bridge is exposed on window. */
export const BRIDGE_GLOBAL = 'spawnpoint';
/** IPC channels (Electron) — the only two. */
export const IPC_TO_SHELL = 'spawnpoint:to-shell';
export const IPC_TO_RENDERER = 'spawnpoint:to-renderer';
/** The web shell serves the bridge at this WebSocket path on its own origin. */
export const WEB_BRIDGE_PATH = '/bridge';
/**
 * SPEC §7: a tapped NFC card also arrives as a browser event on window, a
 * CustomEvent of this name with detail {cardUid} (the renderer's bridge
 * client dispatches it for each NFC_LOGIN).
 */
export const NFC_CARD_EVENT = 'nfc-card';
export interface NfcCardEventDetail {
  cardUid: string;
}
