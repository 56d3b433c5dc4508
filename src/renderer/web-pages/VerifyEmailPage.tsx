/** SPEC §2 /verify-email?token= — confirms the address from the email link, in any browser. */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useWebPages } from './index.js';
import type { UiMessage } from '../core/i18n/uiMessage.js';
import { WebPage } from './WebPage.js';
import { FormError } from '../ui/FormError.js';

type Result = { kind: 'checking' } | { kind: 'done' } | { kind: 'error'; message: UiMessage };

export function VerifyEmailPage() {
  const { t } = useTranslation();
  const pages = useWebPages();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [result, setResult] = useState<Result>(
    token ? { kind: 'checking' } : { kind: 'error', message: { key: 'error.verifyEmail.invalid' } },
  );

  useEffect(() => {
    if (!token) return;
    let live = true;
    void pages.verifyEmail(token).then((failure) => {
      if (live) setResult(failure ? { kind: 'error', message: failure } : { kind: 'done' });
    });
    return () => {
      live = false;
    };
  }, [pages, token]);

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
