/** SPEC §2 Forgot Password: an email form with 'Send Reset Link' and 'Back to Login'. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { validateForgotPassword } from '../../../shared/validation/auth.js';
import { useFrontDoor } from '../index.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';
import { FormError } from '../../ui/FormError.js';
import { SubmitButton } from '../../../shared/ui/SubmitButton.js';
import { EmailField } from '../../../shared/ui/Field.js';

export function ForgotPasswordForm({ onBack }: { onBack(): void }) {
  const { t } = useTranslation();
  const { requests } = useFrontDoor();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<UiMessage | null>(null);
  const [sent, setSent] = useState(false);
  const [sending, setSending] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const invalid = validateForgotPassword(email);
    if (invalid) {
      setError({ key: invalid.key });
      return;
    }
    setError(null);
    setSending(true);
    try {
      await requests.forgotPassword(email.trim());
      setSent(true);
    } catch {
      setError({ key: 'error.forgot' });
    } finally {
      setSending(false);
    }
  };

  return (
    <form className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate data-testid="forgot-form">
      <h2 className="login-form__title">{t('login.forgotTitle')}</h2>
      <p className="login-form__lead">{t('login.forgotHint')}</p>
      <EmailField label={t('login.email')} value={email} onValue={setEmail} />
      <FormError error={error} />
      {sent && (
        <p className="login-form__success" role="status">
          {t('login.forgotSent')}
        </p>
      )}
      <SubmitButton label={t('login.sendResetLink')} busy={sending} busyLabel={t('login.sending')} />
      <button type="button" className="link-button login-form__create" onClick={onBack}>
        {t('login.backToLogin')}
      </button>
    </form>
  );
}
