/**
 * SPEC §2/§4 QR/OAuth login modal: 'Choose Login Method' → 'Generating QR
 * code...' → 'Scan QR Code' (polled every second) → 'Authentication
 * Successful!' and the result 1.5 s later; closes by itself after 120 s; the
 * back arrow cancels polling. The QR image is drawn here (200x200): the auth
 * URL never leaves the station.
 */
import QRCode from 'qrcode';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useTranslation } from 'react-i18next';
import { oauthCheckEmail, oauthQrSession, oauthQrStatus } from '../../../shared/api/routes.js';
import { QR_IMAGE_SIZE_PX, QR_MODAL_AUTO_CLOSE_MS, SUCCESS_AUTO_CLOSE_MS } from '../../../shared/constants.js';
import { OAUTH_PROVIDERS, type OAuthProvider } from '../../../shared/entities.js';
import { useServices } from '../../app/ServicesContext.js';
import { handleOAuthResult, providerName, type OAuthUserData } from './oauthResult.js';
import { QrPoller } from './qrPoller.js';
import { translate } from '../../core/i18n/uiMessage.js';
import { useStationStore } from '../../station/stationStore.js';
import { Modal } from '../../ui/Modal.js';
import type { SignUpPrefill } from '../sign-up/SignUpForm.js';

type Phase = { kind: 'choose' } | { kind: 'generating' } | { kind: 'waiting'; image: string } | { kind: 'success' };

const PROVIDER_ICONS: Record<OAuthProvider, string> = { google: 'G', apple: 'A', steam: 'S', discord: 'D', github: 'GH' };

export function QrLoginModal({ onClose, onSignUp }: { onClose(): void; onSignUp(prefill: SignUpPrefill): void }) {
  const { t } = useTranslation();
  const { api, frontDoor } = useServices();
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  const poller = useRef<QrPoller<OAuthUserData> | null>(null);
  const live = useRef(true);
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    live.current = true;
    const timer = setTimeout(() => close.current(), QR_MODAL_AUTO_CLOSE_MS);
    return () => {
      live.current = false;
      clearTimeout(timer);
      poller.current?.stop();
    };
  }, []);

  const fail = (message: Parameters<typeof translate>[1]) => {
    toast.error(translate(t, message));
    close.current();
  };

  const finish = async (userData: OAuthUserData) => {
    const outcome = await handleOAuthResult(userData, {
      station: useStationStore.getState().info,
      checkEmail: (body) => frontDoor.inFlight(() => api.call(oauthCheckEmail, { body })),
      complete: (response, station) => frontDoor.complete(response, station),
    });
    if (outcome.kind === 'error') return fail(outcome.message);
    if (outcome.kind === 'sign-up') onSignUp({ email: outcome.email, username: outcome.username, provider: outcome.provider });
    close.current();
  };

  const choose = async (provider: OAuthProvider) => {
    setPhase({ kind: 'generating' });
    try {
      const session = await api.call(oauthQrSession, { params: { provider } });
      const image = await QRCode.toDataURL(session.authUrl, { width: QR_IMAGE_SIZE_PX, margin: 1 });
      if (!live.current) return;
      setPhase({ kind: 'waiting', image });
      const instance = new QrPoller<OAuthUserData>(
        () => api.call(oauthQrStatus, { params: { sessionId: session.sessionId } }),
        (result) => {
          if (!live.current) return;
          if (result.kind === 'failed') return fail(result.message);
          setPhase({ kind: 'success' });
          setTimeout(() => void finish(result.userData), SUCCESS_AUTO_CLOSE_MS);
        },
      );
      poller.current = instance;
      instance.start();
    } catch {
      if (live.current) fail({ key: 'error.oauth.qr' });
    }
  };

  const back = () => {
    poller.current?.stop();
    poller.current = null;
    setPhase({ kind: 'choose' });
  };

  return (
    <Modal labelledBy="qr-title" testId="qr-modal">
      {phase.kind === 'waiting' && (
        <button type="button" className="modal__back" aria-label={t('login.backToLogin')} onClick={back}>
          ←
        </button>
      )}
      {phase.kind === 'choose' && (
        <>
          <h2 className="modal__title" id="qr-title">
            {t('qr.choose')}
          </h2>
          <div className="qr__providers">
            {OAUTH_PROVIDERS.map((provider) => (
              <button
                key={provider}
                type="button"
                className={`qr__provider qr__provider--${provider}`}
                onClick={() => void choose(provider)}
              >
                <span className="qr__provider-icon" aria-hidden="true">
                  {PROVIDER_ICONS[provider]}
                </span>
                {providerName(provider)}
              </button>
            ))}
          </div>
          <button type="button" className="button button--ghost" onClick={onClose}>
            {t('modal.cancel')}
          </button>
        </>
      )}
      {phase.kind === 'generating' && (
        <>
          <div className="modal__icon modal__icon--pulse" aria-hidden="true">
            ▦
          </div>
          <h2 className="modal__title" id="qr-title" role="status">
            {t('qr.generating')}
          </h2>
        </>
      )}
      {phase.kind === 'waiting' && (
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
      {phase.kind === 'success' && (
        <>
          <div className="modal__icon modal__icon--success" aria-hidden="true">
            ✓
          </div>
          <h2 className="modal__title" id="qr-title">
            {t('qr.success')}
          </h2>
        </>
      )}
    </Modal>
  );
}
