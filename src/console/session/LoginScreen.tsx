/** Staff sign-in: username and password, then the authenticator code when the account has one. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button.js';
import { PasswordField, TextField } from '../../shared/ui/Field.js';
import { SubmitButton } from '../../shared/ui/SubmitButton.js';
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
            <TextField label={t('login.code')} value={code} onValue={setCode} inputMode="numeric" autoComplete="one-time-code" maxLength={6} dir="ltr" autoFocus />
          </>
        ) : (
          <>
            <TextField label={t('login.username')} value={username} onValue={setUsername} autoComplete="username" dir="ltr" autoFocus />
            <PasswordField purpose="current" label={t('login.password')} value={password} onValue={setPassword} dir="ltr" />
          </>
        )}
        {error && (
          <p className="error" role="alert">
            {error}
          </p>
        )}
        <div className="row">
          {status === 'code' && <Button onClick={() => session.back()}>{t('login.back')}</Button>}
          <SubmitButton className="" label={status === 'code' ? t('login.verify') : t('login.submit')} busy={busy} />
        </div>
      </form>
    </main>
  );
}
