/**
 * The login form's submit, outside React: validate (SPEC §5), require the
 * device MAC address, log in, and map a failure to the message to show.
 */
import type { ConnectionInfo } from '../../shared/entities.js';
import { validateLogin } from '../../shared/validation/auth.js';
import type { UiMessage } from '../i18n/uiMessage.js';
import { loginErrorMessage } from './loginErrors.js';

export interface LoginForm {
  username: string;
  password: string;
}

export interface SubmitLoginDeps {
  station: ConnectionInfo | null;
  login: (username: string, password: string, station: ConnectionInfo) => Promise<void>;
}

/** Resolves to null on success, or the message to show. */
export async function submitLogin(form: LoginForm, deps: SubmitLoginDeps): Promise<UiMessage | null> {
  const invalid = validateLogin(form);
  if (invalid) return { key: invalid.key };
  if (!deps.station?.macAddress) return { key: 'error.login.missingMac' };
  try {
    await deps.login(form.username.trim(), form.password, deps.station);
    return null;
  } catch (error) {
    return loginErrorMessage(error);
  }
}
