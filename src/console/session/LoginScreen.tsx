/** Staff sign-in: username and password, then the authenticator code when the account has one. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlice } from '../core/feature.js';
import { useSession } from './index.js';

export function LoginScreen() {
  const { t } = useTranslation();
  const session = useSession();
  const status = useSlice(session.store, (s) => s.status);
  const error = useSlice(session.store, (s) => s.error);
  const busy = useSlice(session.store, (s) => s.busy);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (status === 'code') void session.submitCode(code.trim());
    else void session.signIn(username, password);
  };

  return (
    <main className="login">
      <form className="card narrow" onSubmit={submit} aria-label={t('login.title')}>
        <h1>{t('app.title')}</h1>
        <h2>{t('login.title')}</h2>
        {status === 'code' ? (
          <>
            <p className="muted">{t('login.codeHint')}</p>
            <label>
              {t('login.code')}
              <input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus />
            </label>
          </>
        ) : (
          <>
            <label>
              {t('login.username')}
              <input value={username} onChange={(e) => setUsername(e.target.value)} autoComplete="username" autoFocus />
            </label>
            <label>
              {t('login.password')}
              <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="current-password" />
            </label>
          </>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="row">
          {status === 'code' && (
            <button type="button" onClick={() => session.back()}>
              {t('login.back')}
            </button>
          )}
          <button type="submit" className="primary" disabled={busy}>
            {status === 'code' ? t('login.verify') : t('login.submit')}
          </button>
        </div>
      </form>
    </main>
  );
}
