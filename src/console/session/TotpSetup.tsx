/** Two-step sign-in: a QR code for the authenticator app, then its first code turns it on. */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSlice } from '../core/feature.js';
import { useSession } from './index.js';

export function TotpSetup() {
  const { t } = useTranslation();
  const session = useSession();
  const enrolment = useSlice(session.store, (s) => s.enrolment);
  const enabled = useSlice(session.store, (s) => s.session?.user.totpEnabled ?? false);
  const error = useSlice(session.store, (s) => s.error);
  const busy = useSlice(session.store, (s) => s.busy);
  const owner = useSlice(session.store, (s) => s.session?.user.role === 'owner');
  const [code, setCode] = useState('');
  const [setupCode, setSetupCode] = useState('');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void session.confirmEnrolment(code.trim());
  };

  return (
    <section className="card narrow" aria-label={t('totp.title')}>
      <h2>{t('totp.title')}</h2>
      {enabled ? (
        <p>{t('totp.enabled')}</p>
      ) : (
        <>
          <p className="muted">{t('totp.intro')}</p>
          {enrolment ? (
            <form onSubmit={submit}>
              <img className="qr" src={enrolment.qrDataUrl} alt="otpauth QR" />
              <p className="mono small">{t('totp.secret', { secret: enrolment.secret })}</p>
              <label>
                {t('login.code')}
                <input value={code} onChange={(e) => setCode(e.target.value)} inputMode="numeric" maxLength={6} autoFocus />
              </label>
              <button type="submit" className="primary" disabled={busy}>
                {t('totp.confirm')}
              </button>
            </form>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void session.startEnrolment(owner ? setupCode.trim() : undefined);
              }}
            >
              {owner && (
                <>
                  {/* An owner's authenticator needs more than the password (issue 22). */}
                  <p className="muted small">{t('totp.setupCodeHint')}</p>
                  <label>
                    {t('totp.setupCode')}
                    <input value={setupCode} onChange={(e) => setSetupCode(e.target.value)} autoComplete="off" maxLength={32} dir="ltr" autoFocus />
                  </label>
                </>
              )}
              <button type="submit" className="primary" disabled={busy || (owner && !setupCode.trim())}>
                {t('totp.start')}
              </button>
            </form>
          )}
        </>
      )}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
