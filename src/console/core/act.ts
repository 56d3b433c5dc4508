/**
 * What every console service shares: a store with `busy`, `error` (the
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

/** The words of any error (a RouteError carries the server's message). */
export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** Runs an action: busy while it runs, its error line when it fails; resolves to whether it worked. */
export async function act(store: ActStore, work: () => Promise<unknown>): Promise<boolean> {
  store.setState({ busy: true, error: null, notice: null });
  try {
    await work();
    return true;
  } catch (error) {
    store.setState({ error: errorText(error) });
    return false;
  } finally {
    store.setState({ busy: false });
  }
}
