/** SPEC §2 NFC login modal: 'Tap Your NFC Card', authenticating, success, error with 'Try Again'. */
import { Check, CircleAlert, LoaderCircle, Nfc } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFrontDoor } from '../index.js';
import { NfcLoginFlow, type NfcModalState } from './nfcLoginFlow.js';
import { Modal } from '../../../shared/ui/Modal.js';
import { FormError } from '../../ui/FormError.js';

export function NfcLoginModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { flows } = useFrontDoor();
  const [state, setState] = useState<NfcModalState>({ phase: 'waiting' });
  const flow = useRef<NfcLoginFlow | null>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;

  useEffect(() => {
    const instance = new NfcLoginFlow({ ...flows.nfc, onChange: setState, onClose: () => closeRef.current() });
    flow.current = instance;
    instance.open();
    return () => instance.close();
  }, [flows]);

  const Icon = { waiting: Nfc, authenticating: LoaderCircle, success: Check, error: CircleAlert }[state.phase];
  const icon = <Icon size={28} />;
  const iconClass =
    state.phase === 'success' ? ' modal__icon--success' : state.phase === 'error' ? ' modal__icon--error' : ' modal__icon--pulse';

  return (
    <Modal labelledBy="nfc-title" testId="nfc-modal" onEscape={onClose}>
      <div className={`modal__icon${iconClass}`} aria-hidden="true">
        {icon}
      </div>
      {state.phase === 'waiting' && (
        <>
          <h2 className="modal__title" id="nfc-title">
            {t('nfc.tap')}
          </h2>
          <p className="modal__text">{t('nfc.hold')}</p>
        </>
      )}
      {state.phase === 'authenticating' && (
        <h2 className="modal__title" id="nfc-title" role="status">
          {t('nfc.authenticating')}
        </h2>
      )}
      {state.phase === 'success' && (
        <>
          <h2 className="modal__title" id="nfc-title">
            {t('nfc.success')}
          </h2>
          <p className="modal__text">{t('nfc.welcome')}</p>
        </>
      )}
      {state.phase === 'error' && (
        <>
          <h2 className="modal__title" id="nfc-title">
            {t('nfc.failed')}
          </h2>
          <FormError error={state.message} />
          <button type="button" className="button button--primary" onClick={() => flow.current?.tryAgain()}>
            {t('nfc.tryAgain')}
          </button>
        </>
      )}
      {state.phase !== 'success' && (
        <button type="button" className="button button--ghost" onClick={onClose}>
          {t('modal.cancel')}
        </button>
      )}
    </Modal>
  );
}
