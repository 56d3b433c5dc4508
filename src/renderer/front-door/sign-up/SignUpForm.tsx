/**
 * The sign-up face (SPEC §2, §4 Registration, §5): username with the format
 * rule and the availability check, password, email, country code + phone,
 * 'Sign Up', 'Already have an account? Login'. OAuth can pre-fill it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_COUNTRY } from '../../../shared/constants.js';
import { isValidUsernameFormat } from '../../../shared/validation/auth.js';
import { useFrontDoor } from '../index.js';
import { dialCodeOf } from './countries.js';
import { PhoneInput } from './PhoneInput.js';
import { submitSignUp } from './signUp.js';
import { UsernameAvailability, type Availability } from './usernameAvailability.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';
import { useStationStore } from '../../station/stationStore.js';
import { FormError } from '../../ui/FormError.js';
import { SubmitButton } from '../../../shared/ui/SubmitButton.js';
import { EmailField, PasswordField, TextField } from '../../../shared/ui/Field.js';

export interface SignUpPrefill {
  email: string;
  username: string;
  provider: string;
}

export interface SignUpFaceProps {
  prefill: SignUpPrefill | null;
  onBackToLogin(): void;
  onRegistered(): void;
  onVerifyPhone(phone: string, registrationKey: string): void;
}

const AVAILABILITY_TEXT = {
  checking: 'login.usernameChecking',
  available: 'login.usernameAvailable',
  unavailable: 'login.usernameTaken',
} as const;

export function SignUpForm({ prefill, onBackToLogin, onRegistered, onVerifyPhone }: SignUpFaceProps) {
  const { t } = useTranslation();
  const { requests } = useFrontDoor();
  const [username, setUsername] = useState(prefill?.username ?? '');
  const [password, setPassword] = useState('');
  const [email, setEmail] = useState(prefill?.email ?? '');
  const [country, setCountry] = useState<string>(DEFAULT_COUNTRY);
  const [phone, setPhone] = useState('');
  const [availability, setAvailability] = useState<Availability>('idle');
  const [error, setError] = useState<UiMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const dialCode = dialCodeOf(country);

  const checker = useRef<UsernameAvailability | null>(null);
  useEffect(() => {
    const instance = new UsernameAvailability(
      (name) => requests.checkUsername(name),
      setAvailability,
      (err) => console.warn('[sign-up] username check failed', err),
    );
    checker.current = instance;
    if (prefill?.username) instance.input(prefill.username);
    return () => instance.cancel();
  }, [requests, prefill]);

  const formatError = username !== '' && !isValidUsernameFormat(username);

  const onUsername = (value: string) => {
    setUsername(value);
    checker.current?.input(value);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    const outcome = await submitSignUp(
      { username, password, email, phone, dialCode },
      {
        station: useStationStore.getState().info,
        register: (body) => requests.register(body),
      },
    );
    setSubmitting(false);
    if (outcome.kind === 'error') setError(outcome.message);
    else if (outcome.kind === 'verify-phone') onVerifyPhone(outcome.phone, outcome.registrationKey);
    else onRegistered();
  };

  return (
    <form className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate data-testid="signup-form">
      <h2 className="login-form__title">{t('login.signUpTitle')}</h2>
      {prefill && (
        <p className="login-form__success" role="status">
          {t('qr.prefilled', { provider: prefill.provider })}
        </p>
      )}
      <TextField
        label={
          <>
            {t('login.username')}
            {prefill && <span className="field__suggested"> {t('qr.suggested')}</span>}
          </>
        }
        name="new-username"
        autoComplete="off"
        aria-invalid={formatError}
        value={username}
        onValue={onUsername}
        data-testid="signup-username"
      >
        {formatError ? (
          <span className="field__note field__note--error">{t('validation.usernameFormat')}</span>
        ) : (
          availability !== 'idle' && (
            <span className={`field__note field__note--${availability}`} data-testid="username-availability">
              {t(AVAILABILITY_TEXT[availability])}
            </span>
          )
        )}
      </TextField>
      <PasswordField purpose="new" label={t('login.password')} name="new-password" value={password} onValue={setPassword} />
      <EmailField label={t('login.email')} readOnly={prefill !== null} value={email} onValue={setEmail} />
      <PhoneInput
        labelId="signup-phone-label"
        label={t('login.phone')}
        country={country}
        number={phone}
        onCountry={setCountry}
        onNumber={setPhone}
      />
      <FormError error={error} />
      <SubmitButton label={t('login.signUp')} busy={submitting} busyLabel={t('login.signingUp')} />
      <button type="button" className="link-button login-form__create" onClick={onBackToLogin}>
        {t('login.haveAccount')}
      </button>
    </form>
  );
}
