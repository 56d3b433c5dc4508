/**
 * The login form's submit, outside React (SPEC §5 Login, Prepaid card at
 * login): validate, require the device MAC address, redeem a prepaid card
 * code for the username first (a failure aborts the login), then log in, and
 * map a failure to the message to show.
 */
import type { ConnectionInfo } from '../../../shared/entities.js';
import { validateLogin } from '../../../shared/validation/auth.js';
import { normalizeLoginCardCode } from '../../../shared/validation/cards.js';
import { redemptionFailure } from '../authErrors.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';
import { loginErrorMessage } from './loginErrors.js';

export interface LoginForm {
  username: string;
  password: string;
  /** Optional prepaid card code. */
  prepaidCode?: string;
}

export interface SubmitLoginDeps {
  station: ConnectionInfo | null;
  login: (username: string, password: string, station: ConnectionInfo) => Promise<void>;
  /** POST /prepaid-cards/redeem-with-username; resolves to the IQD added. */
  redeem?: (code: string, username: string) => Promise<number>;
  /** Shows the 'Card redeemed!' success. */
  onRedeemed?: (message: UiMessage) => void;
}

/** Resolves to null on success, or the message to show. */
export async function submitLogin(form: LoginForm, deps: SubmitLoginDeps): Promise<UiMessage | null> {
  const invalid = validateLogin(form);
  if (invalid) return { key: invalid.key };
  if (!deps.station?.macAddress) return { key: 'error.login.missingMac' };
  const username = form.username.trim();
  const code = normalizeLoginCardCode(form.prepaidCode ?? '');
  if (code && deps.redeem) {
    try {
      const amount = await deps.redeem(code, username);
      deps.onRedeemed?.({ key: 'prepaid.redeemed', values: { amount } });
    } catch (error) {
      return redemptionFailure(error);
    }
  }
  try {
    await deps.login(username, form.password, deps.station);
    return null;
  } catch (error) {
    return loginErrorMessage(error);
  }
}
