/**
 * SPEC §2/§4 phone verification: a 6-character code, a 60 s resend
 * countdown restarting on open and after each resend; verified only when the
 * response says exactly `verified: true`; closes 1.5 s after success.
 */
import { Check, Smartphone } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PHONE_RESEND_COUNTDOWN_S, SUCCESS_AUTO_CLOSE_MS } from '../../../shared/constants.js';
import { isVerified, sanitizePhoneCode } from '../../../shared/validation/auth.js';
import { Countdown } from '../../core/time/countdown.js';
import { useTimeout } from '../../core/time/useTimeout.js';
import type { UiMessage } from '../../core/i18n/uiMessage.js';
import { Modal } from '../../../shared/ui/Modal.js';
import { FormError } from '../../ui/FormError.js';
import { phoneVerifyErrorMessage } from '../authErrors.js';
import { TextField } from '../../../shared/ui/Field.js';

export interface PhoneVerificationProps {
  phone: string;
  /** The verify call; its answer is checked with isVerified. */
  verify(code: string): Promise<unknown>;
  /** POST /auth/phone/start. */
  resend(): Promise<unknown>;
  onVerified(): void;
  onCancel(): void;
}

export function PhoneVerificationModal({ phone, verify, resend, onVerified, onCancel }: PhoneVerificationProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [secondsLeft, setSecondsLeft] = useState(PHONE_RESEND_COUNTDOWN_S);
  const [error, setError] = useState<UiMessage | null>(null);
  const [busy, setBusy] = useState(false);
  const [verified, setVerified] = useState(false);
  const countdown = useRef<Countdown | null>(null);

  useEffect(() => {
    const instance = new Countdown(PHONE_RESEND_COUNTDOWN_S, setSecondsLeft);
    countdown.current = instance;
    instance.start();
    return () => instance.stop();
  }, []);

  // Closes 1.5 s after success.
  useTimeout(verified || null, SUCCESS_AUTO_CLOSE_MS, onVerified);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || verified) return;
    setBusy(true);
    setError(null);
    try {
      const response = await verify(code);
      if (isVerified(response)) setVerified(true);
      else setError({ key: 'error.phone.invalidCode' });
    } catch (failure) {
      setError(phoneVerifyErrorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  const onResend = async () => {
    setError(null);
    try {
      await resend();
      countdown.current?.start();
    } catch {
      setError({ key: 'error.phone.resend' });
    }
  };

  return (
    <Modal labelledBy="phone-title" testId="phone-modal" onEscape={verified ? undefined : onCancel}>
      <div className={`modal__icon${verified ? ' modal__icon--success' : ''}`} aria-hidden="true">
        {verified ? <Check size={28} /> : <Smartphone size={28} />}
      </div>
      <h2 className="modal__title" id="phone-title">
        {verified ? t('phone.verified') : t('phone.title')}
      </h2>
      {!verified && (
        <form className="login-form" onSubmit={(event) => void onSubmit(event)} noValidate>
          <p className="modal__text">{t('phone.sentTo', { phone })}</p>
          <TextField
            label={t('phone.code')}
            inputClassName="field__input--otp"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            autoFocus
            maxLength={6}
            value={code}
            onValue={(value) => setCode(sanitizePhoneCode(value))}
          />
          <FormError error={error} />
          <button className="button button--primary" type="submit" disabled={busy || code.length === 0}>
            {busy ? t('phone.verifying') : t('phone.verify')}
          </button>
          <div className="modal__actions">
            <button type="button" className="button button--ghost" onClick={onCancel}>
              {t('modal.cancel')}
            </button>
            <button
              type="button"
              className="button button--ghost"
              disabled={secondsLeft > 0}
              onClick={() => void onResend()}
              data-testid="phone-resend"
            >
              {secondsLeft > 0 ? t('phone.resendIn', { seconds: secondsLeft }) : t('phone.resend')}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}
