/**
 * SPEC §7 NFC_ENABLE / NFC_DISABLE: the shell switches the card reader on
 * while the NFC login modal is open. A reader adapter (nfc-pcsc, a later
 * issue) is built with a CardListener and calls it with the card's UID for
 * each tap while enabled; the wiring turns that into NFC_LOGIN {ID}.
 */
import type { ShellToRenderer } from '../../shared/bridge/protocol.js';
import type { ActionRecorder } from '../dry-run/recorder.js';

export interface NfcReader {
  enable(): Promise<void>;
  disable(): Promise<void>;
}

export type CardListener = (cardUid: string) => void;

/** The bridge message for a tapped card. */
export function cardTapMessage(cardUid: string): ShellToRenderer {
  return { command: 'NFC_LOGIN', ID: cardUid };
}

export class NfcError extends Error {
  override readonly name = 'NfcError';
}

/** A station without a reader: switching it on fails, saying so. */
export function createMissingNfcReader(): NfcReader {
  return {
    enable: async () => {
      throw new NfcError('No NFC reader is connected to this station');
    },
    disable: async () => {},
  };
}

/** Records the switches; taps are simulated by emitting NFC_LOGIN (the web shell's POST /__shell/emit). */
export function createDryRunNfcReader(recorder: ActionRecorder): NfcReader {
  return {
    enable: async () => recorder.record('nfc.enable'),
    disable: async () => recorder.record('nfc.disable'),
  };
}
