/**
 * SPEC §2 /password?token= — the reset form from the email link, served by
 * the cafe server and working in any browser outside the station shell.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { validateResetPassword } from '../../shared/validation/auth.js';
import { useWebPages } from './index.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';
import { WebPage } from './WebPage.js';
import { FormError } from '../ui/FormError.js';
import { SubmitButton } from '../../shared/ui/SubmitButton.js';
import { NewPasswordFields } from '../ui/NewPasswordFields.js';

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const pages = useWebPages();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<UiMessage | null>(token ? null : { key: 'validation.invalidResetLink' });
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const invalid = validateResetPassword({ token, password, confirm });
    if (invalid) {
      setError({ key: invalid.key });
      return;
    }
    setError(null);
    setBusy(true);
    const failure = await pages.resetPassword(token ?? '', password);
    setBusy(false);
    if (failure) setError(failure);
    else setDone(true);
  };

  return (
    <WebPage titleKey="reset.title" testId="reset-page">
      {done ? (
        <p className="login-form__success" role="status">
          {t('reset.done')}
        </p>
      ) : (
        <form className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <NewPasswordFields
            passwordLabel={t('reset.password')}
            confirmLabel={t('reset.confirm')}
            password={password}
            confirm={confirm}
            onPassword={setPassword}
            onConfirm={setConfirm}
          />
          <FormError error={error} />
          <SubmitButton label={t('reset.submit')} busy={busy} disabled={!token} />
        </form>
      )}
    </WebPage>
  );
}
