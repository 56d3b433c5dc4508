/**
 * The memory of the dry-run adapters: every OS action, launch, NFC switch and
 * shell notification they would have acted on, in order. The demo and the
 * tests read it (the web shell serves it at GET /__shell/actions).
 */
export interface ActionRecord {
  /** Domain-prefixed name, e.g. "os.setVolume", "launcher.launch", "nfc.enable", "notify.ScreenLocked". */
  action: string;
  args: unknown[];
  /** ISO 8601 time of the call. */
  at: string;
}

export interface ActionRecorder {
  record(action: string, ...args: unknown[]): void;
  /** A copy of everything recorded so far, oldest first. */
  list(): ActionRecord[];
  /** Forgets everything recorded so far. */
  clear(): void;
}

/** Oldest records are dropped past this many, so a long demo cannot grow without bound. */
const MAX_RECORDS = 10_000;

export function createActionRecorder(now: () => Date = () => new Date()): ActionRecorder {
  const records: ActionRecord[] = [];
  return {
    record(action, ...args) {
      records.push({ action, args: structuredClone(args), at: now().toISOString() });
      if (records.length > MAX_RECORDS) records.shift();
    },
    list: () => structuredClone(records),
    clear: () => {
      records.length = 0;
    },
  };
}
