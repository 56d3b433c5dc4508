/**
 * SPEC §2 Confirmation dialog: title, description, Confirm and Cancel.
 * (Owned by the dashboard work, issue 12; these are the agreed props.)
 */
import type { ReactNode } from 'react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from './Modal.js';

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel?: ReactNode;
  cancelLabel?: ReactNode;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
}

export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
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
