/** SPEC §2 /verify-email?token= — confirms the address from the email link, in any browser. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { verifyEmail } from '../../shared/api/routes.js';
import { ApiError } from '../core/api/apiError.js';
import { useServices } from '../app/ServicesContext.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';
import { WebPage } from './WebPage.js';
import { FormError } from '../ui/FormError.js';

type Result = { kind: 'checking' } | { kind: 'done' } | { kind: 'error'; message: UiMessage };

export function VerifyEmailPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [result, setResult] = useState<Result>(
    token ? { kind: 'checking' } : { kind: 'error', message: { key: 'error.verifyEmail.invalid' } },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    api.call(verifyEmail, { query: { token } }).then(
      (answer) => live && setResult(answer.success ? { kind: 'done' } : { kind: 'error', message: { key: 'error.verifyEmail.failed' } }),
      (error: unknown) => {
        if (!live) return;
        const message: UiMessage =
          error instanceof ApiError && error.status === 400
            ? { key: 'error.verifyEmail.invalid' }
            : error instanceof ApiError && error.status !== undefined
              ? { key: 'error.verifyEmail.failed' }
              : { key: 'error.verifyEmail.generic' };
        setResult({ kind: 'error', message });
      },
    );
    return () => {
      live = false;
    };
  }, [api, token]);

  return (
    <WebPage titleKey="verifyEmail.title" testId="verify-email-page">
      {result.kind === 'checking' && <p className="login-form__lead">{t('verifyEmail.checking')}</p>}
      {result.kind === 'done' && (
        <p className="login-form__success" role="status">
          {t('verifyEmail.done')}
        </p>
      )}
      {result.kind === 'error' && (
        <FormError error={result.message} />
      )}
    </WebPage>
  );
}
