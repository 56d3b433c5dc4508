/**
 * What every catalogue service shares: a store with `busy`, `error` (the
 * server's own message) and `notice` (what the last action did), and one way
 * to run an action that never throws.
 */
export interface ActState {
  busy: boolean;
  error: string | null;
  notice: string | null;
}

export const idle: ActState = { busy: false, error: null, notice: null };

interface ActStore {
  setState(partial: Partial<ActState>): void;
}

/** Runs an action: busy while it runs, its error line when it fails; resolves to whether it worked. */
export async function act(store: ActStore, work: () => Promise<void>): Promise<boolean> {
  store.setState({ busy: true, error: null, notice: null });
  try {
    await work();
    return true;
  } catch (error) {
    store.setState({ error: error instanceof Error ? error.message : String(error) });
    return false;
  } finally {
    store.setState({ busy: false });
  }
}

/** Saves text as a file the browser downloads. */
export function download(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** One CSV cell: quoted when it holds a comma, quote or line break; formula starters neutralised. */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const csv = (rows: (string | number | null)[][]) => rows.map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
