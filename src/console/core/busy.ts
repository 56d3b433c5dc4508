/**
 * A staff action on a screen: the screen's `busy` flag while it runs, and its
 * error line (the server's own message) when it fails. Never throws.
 */
export interface BusyStore {
  setState(partial: { busy?: boolean; error?: string | null }): void;
}

export async function runBusy(store: BusyStore, work: () => Promise<void>): Promise<void> {
  store.setState({ busy: true, error: null });
  try {
    await work();
  } catch (error) {
    store.setState({ error: error instanceof Error ? error.message : String(error) });
  } finally {
    store.setState({ busy: false });
  }
}
