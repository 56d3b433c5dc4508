/**
 * SPEC §4 Registration and §5 Sign-up, outside React: validate, build the
 * full phone (+ dial code + digits), POST /auth/client/register, and say
 * what comes next: done, or the phone verification modal.
 */
import type { ConnectionInfo } from '../../../shared/entities.js';
import { fullPhoneNumber, validateSignUp } from '../../../shared/validation/auth.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';
import { registerErrorMessage } from '../authErrors.js';

export interface SignUpForm {
  username: string;
  password: string;
  email: string;
  /** The national number as typed. */
  phone: string;
  /** The picked country's dial code, e.g. '964'. */
  dialCode: string;
}

export interface RegisterBody {
  username: string;
  password: string;
  email: string | null;
  phoneNumber: string | null;
  macAddress: string;
}

export type SignUpOutcome =
  | { kind: 'error'; message: UiMessage }
  | { kind: 'registered' }
  | { kind: 'verify-phone'; phone: string; registrationKey: string };

export interface SignUpDeps {
  station: ConnectionInfo | null;
  register: (body: RegisterBody) => Promise<{
    success: boolean;
    error?: string;
    requiresPhoneVerification?: boolean;
    registrationKey?: string;
  }>;
}

export async function submitSignUp(form: SignUpForm, deps: SignUpDeps): Promise<SignUpOutcome> {
  const phone = fullPhoneNumber(form.dialCode, form.phone);
  const invalid = validateSignUp({ ...form, phone });
  if (invalid) return { kind: 'error', message: { key: invalid.key } };
  if (!deps.station?.macAddress) return { kind: 'error', message: { key: 'error.login.missingMac' } };
  try {
    const result = await deps.register({
      username: form.username.trim(),
      password: form.password,
      email: form.email.trim() || null,
      phoneNumber: phone || null,
      macAddress: deps.station.macAddress,
    });
    if (!result.success) {
      return { kind: 'error', message: result.error ? { text: result.error } : { key: 'error.register.default' } };
    }
    if (result.requiresPhoneVerification && phone && result.registrationKey) {
      return { kind: 'verify-phone', phone, registrationKey: result.registrationKey };
    }
    return { kind: 'registered' };
  } catch (error) {
    return { kind: 'error', message: registerErrorMessage(error) };
  }
}
