/**
 * SPEC §2/§4 QR/OAuth login modal: the view of the QR login flow
 * (qrLoginFlow.ts), which owns the steps, the polling and every timer.
 */
import { Check } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { QR_IMAGE_SIZE_PX } from '../../../shared/constants.js';
import type { OAuthProvider } from '../../../shared/entities.js';
import { translate } from '../../core/i18n/uiMessage.js';
import { Modal } from '../../../shared/ui/Modal.js';
import { useFrontDoor } from '../index.js';
import type { SignUpPrefill } from '../sign-up/SignUpForm.js';
import { providerName } from './oauthResult.js';
import { QrLoginFlow, SPEC_PROVIDERS, type QrModalState } from './qrLoginFlow.js';
import './qr.css';

const PROVIDER_ICONS: Record<OAuthProvider, string> = { google: 'G', apple: 'A', steam: 'S', discord: 'D', github: 'GH' };

export function QrLoginModal({ onClose, onSignUp }: { onClose(): void; onSignUp(prefill: SignUpPrefill): void }) {
  const { t } = useTranslation();
  const { flows } = useFrontDoor();
  const [phase, setPhase] = useState<QrModalState>({ phase: 'choose', providers: SPEC_PROVIDERS });
  const flow = useRef<QrLoginFlow | null>(null);
  const handlers = useRef({ onClose, onSignUp, t });
  handlers.current = { onClose, onSignUp, t };

  useEffect(() => {
    const instance = new QrLoginFlow({
      ...flows.qr,
      onChange: setPhase,
      onClose: () => handlers.current.onClose(),
      onSignUp: (prefill) => handlers.current.onSignUp(prefill),
      onError: (message) => void toast.error(translate(handlers.current.t, message)),
    });
    flow.current = instance;
    instance.start();
    return () => instance.close();
  }, [flows]);

  const choose = (provider: OAuthProvider) => void flow.current?.choose(provider);
  const back = () => flow.current?.back();

  return (
    <Modal labelledBy="qr-title" testId="qr-modal" onEscape={onClose}>
      {phase.phase === 'waiting' && (
        <button type="button" className="modal__back" aria-label={t('login.backToLogin')} onClick={back}>
          ←
        </button>
      )}
      {phase.phase === 'choose' && (
        <>
          <h2 className="modal__title" id="qr-title">
            {t('qr.choose')}
          </h2>
          {phase.providers.length === 0 ? (
            <p className="qr__none" role="status">
              {t('qr.noProviders')}
            </p>
          ) : (
            <div className="qr__providers" data-testid="qr-providers">
              {phase.providers.map(({ id, development }) => (
                <button key={id} type="button" className={`qr__provider qr__provider--${id}`} onClick={() => choose(id)}>
                  <span className="qr__provider-icon" aria-hidden="true">
                    {PROVIDER_ICONS[id]}
                  </span>
                  <span className="qr__provider-name">
                    {providerName(id)}
                    {development && <small className="qr__provider-dev">{t('qr.development')}</small>}
                  </span>
                </button>
              ))}
            </div>
          )}
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('modal.cancel')}
          </button>
        </>
      )}
      {phase.phase === 'generating' && (
        <>
          <div className="modal__icon modal__icon--pulse" aria-hidden="true">
            ▦
          </div>
          <h2 className="modal__title" id="qr-title" role="status">
            {t('qr.generating')}
          </h2>
        </>
      )}
      {phase.phase === 'waiting' && (
        <>
          <h2 className="modal__title" id="qr-title">
            {t('qr.scan')}
          </h2>
          <img
            className="qr__image"
            src={phase.image}
            alt={t('qr.scan')}
            width={QR_IMAGE_SIZE_PX}
            height={QR_IMAGE_SIZE_PX}
            data-testid="qr-image"
          />
          <ol className="qr__steps">
            <li>{t('qr.step1')}</li>
            <li>{t('qr.step2')}</li>
            <li>{t('qr.step3')}</li>
          </ol>
          <p className="qr__hint" lang="ar" dir="rtl">
            {t('qr.arabicHint')}
          </p>
        </>
      )}
      {phase.phase === 'success' && (
        <>
          <div className="modal__icon modal__icon--success" aria-hidden="true">
            <Check size={28} />
          </div>
          <h2 className="modal__title" id="qr-title">
            {t('qr.success')}
          </h2>
        </>
      )}
    </Modal>
  );
}
