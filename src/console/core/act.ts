/**
 * What every console service shares: a store with `busy`, `error` (the
 * server's own message) and `notice` (what the last action did), and one way
 * to run an action that never throws.
 */
import { RouteError } from '../../shared/api/http.js';
import { WALLET_ERROR_CODES, walletText, type WalletErrorCode } from '../../shared/wallet.js';

export interface ActState {
  busy: boolean;
  error: string | null;
  notice: string | null;
}

export const idle: ActState = { busy: false, error: null, notice: null };

interface ActStore {
  setState(partial: Partial<ActState>): void;
}

let language: () => 'en' | 'ar' = () => 'en';

/** The language errors that carry a `code` are said in (main.tsx binds it to the console's). */
export function speakErrorsIn(current: () => 'en' | 'ar'): void {
  language = current;
}

/**
 * The words of any error: a refusal with a known `code` (the wallet's limits) in the console's language
 * with its figure; otherwise the server's own message (a RouteError carries it).
 */
export const errorText = (error: unknown): string => {
  const body = error instanceof RouteError ? (error.body as { code?: unknown; limit?: unknown } | undefined) : undefined;
  if (body && (WALLET_ERROR_CODES as readonly unknown[]).includes(body.code) && typeof body.limit === 'number') {
    return walletText(language(), body.code as WalletErrorCode, body.limit);
  }
  return error instanceof Error ? error.message : String(error);
};

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
