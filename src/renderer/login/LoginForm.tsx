/** The login face: username, password, 'Login' (SPEC §2). */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../app/ServicesContext.js';
import { translate, type UiMessage } from '../i18n/uiMessage.js';
import { useStationStore } from '../station/stationStore.js';
import { submitLogin } from './submitLogin.js';

export function LoginForm() {
  const { t } = useTranslation();
  const { session } = useServices();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<UiMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    setError(null);
    const failure = await submitLogin(
      { username, password },
      {
        station: useStationStore.getState().info,
        login: (name, secret, station) => session.login(name, secret, station),
      },
    );
    setSubmitting(false);
    if (failure) setError(failure);
  };

  return (
    <form className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate data-testid="login-form">
      <label className="field">
        <span className="field__label">{t('login.username')}</span>
        <input
          className="field__input"
          name="username"
          autoComplete="username"
          autoFocus
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          data-testid="login-username"
        />
      </label>
      <label className="field">
        <span className="field__label">{t('login.password')}</span>
        <input
          className="field__input"
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          data-testid="login-password"
        />
      </label>
      {error && (
        <p className="login-form__error" role="alert" data-testid="login-error">
          {translate(t, error)}
        </p>
      )}
      <button className="button button--primary login-form__submit" type="submit" disabled={submitting} data-testid="login-submit">
        {submitting ? t('login.signingIn') : t('login.submit')}
      </button>
    </form>
  );
}
