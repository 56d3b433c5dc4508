/**
 * The login face (SPEC §2): username, password, optional prepaid card code
 * (upper case), 'Login', 'Login with NFC Card', 'Login with QR Code',
 * 'Forgot Password?', 'Create Account'.
 */
import { useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { useFrontDoor } from '../index.js';
import { translate, type UiMessage } from '../../core/i18n/uiMessage.js';
import { useStationStore } from '../../station/stationStore.js';
import { submitLogin } from './submitLogin.js';
import { FormError } from '../../ui/FormError.js';
import { SubmitButton } from '../../../shared/ui/SubmitButton.js';
import { PasswordField, TextField } from '../../../shared/ui/Field.js';

export interface LoginFaceActions {
  onForgotPassword(): void;
  onCreateAccount(): void;
  onNfc(): void;
  onQr?: () => void;
}

export function LoginForm({ onForgotPassword, onCreateAccount, onNfc, onQr }: LoginFaceActions) {
  const { t } = useTranslation();
  const { frontDoor } = useFrontDoor();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [prepaidCode, setPrepaidCode] = useState('');
  const [error, setError] = useState<UiMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    const failure = await submitLogin(
      { username, password, prepaidCode },
      {
        station: useStationStore.getState().info,
        login: (name, secret, station) => frontDoor.passwordLogin(name, secret, station),
        redeem: (code, name) => frontDoor.redeemForUsername(code, name),
        onRedeemed: (message) => {
          setPrepaidCode('');
          toast.success(translate(t, message));
        },
      },
    );
    setSubmitting(false);
    if (failure) setError(failure);
  };

  return (
    <form className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate data-testid="login-form">
      <TextField
        label={t('login.username')}
        name="username"
        autoComplete="username"
        autoFocus
        value={username}
        onValue={setUsername}
        data-testid="login-username"
      />
      <PasswordField
        purpose="current"
        label={t('login.password')}
        name="password"
        value={password}
        onValue={setPassword}
        data-testid="login-password"
      />
      <TextField
        label={t('login.prepaidCode')}
        inputClassName="field__input--code"
        name="prepaidCode"
        autoComplete="off"
        spellCheck={false}
        placeholder="RC-XXXX-XXXX-XXXX"
        value={prepaidCode}
        onValue={(value) => setPrepaidCode(value.toUpperCase())}
        data-testid="login-prepaid"
      />
      <button
        type="button"
        className="link-button login-form__forgot"
        onClick={onForgotPassword}
        data-testid="forgot-password"
      >
        {t('login.forgotPassword')}
      </button>
      <FormError error={error} testId="login-error" />
      <SubmitButton label={t('login.submit')} busy={submitting} busyLabel={t('login.signingIn')} testId="login-submit" />
      <div className="login-form__divider" aria-hidden="true">
        <span>{t('login.or')}</span>
      </div>
      <div className="login-form__alternatives">
        <button type="button" className="button button--ghost" onClick={onNfc} data-testid="login-nfc">
          <span aria-hidden="true" className="login-form__icon">
            ◉
          </span>
          {t('login.withNfc')}
        </button>
        {onQr && (
          <button type="button" className="button button--ghost" onClick={onQr} data-testid="login-qr">
            <span aria-hidden="true" className="login-form__icon">
              ▦
            </span>
            {t('login.withQr')}
          </button>
        )}
      </div>
      <button type="button" className="link-button login-form__create" onClick={onCreateAccount} data-testid="create-account">
        {t('login.createAccount')}
      </button>
    </form>
  );
}
