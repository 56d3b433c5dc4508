/** SPEC §2 confirmation dialog: a title, a description, Confirm and Cancel. Escape cancels. */
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal.js';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: string;
  /** Default: the catalog's 'Confirm'. */
  confirmLabel?: string;
  /** Default: the catalog's 'Cancel'. */
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: both buttons wait. */
  busy?: boolean;
}

export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  useEffect(() => {
    if (!open) return undefined;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !busy) onCancel();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, busy, onCancel]);

  if (!open) return null;
  return (
    <Modal labelledBy={titleId} testId="confirm-dialog">
      <h2 className="modal__title" id={titleId}>
        {title}
      </h2>
      <p className="modal__text">{description}</p>
      <div className="modal__actions">
        <button type="button" className="button button--ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t('dialog.cancel')}
        </button>
        <button type="button" className="button button--primary" onClick={onConfirm} disabled={busy} autoFocus>
          {confirmLabel ?? t('dialog.confirm')}
        </button>
      </div>
    </Modal>
  );
}
