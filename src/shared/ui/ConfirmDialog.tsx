/**
 * The one confirmation dialog of both apps (SPEC §2 at the kiosk; every
 * console confirmation: money actions with the amount and the customer,
 * revoke, void, staff resets): a title, a description or a body, Confirm and
 * Cancel. Escape cancels wherever the focus is; the page behind is inert and
 * Tab stays inside (Modal); the focus starts on Confirm and goes back to where
 * it was when the dialog closes.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button.js';
import { Modal } from './Modal.js';

export interface ConfirmDialogProps {
  /** Default true: a screen that renders the dialog only while it asks may leave it out. */
  open?: boolean;
  title: string;
  /** One line under the title. */
  description?: string;
  /** Or a body of its own (an amount, a field the confirmation needs). */
  children?: ReactNode;
  /** Default: the catalog's 'dialog.confirm'. */
  confirmLabel?: string;
  /** Default: the catalog's 'dialog.cancel'. */
  cancelLabel?: string;
  /** Confirm stays disabled until what the dialog asks for is filled in. */
  confirmDisabled?: boolean;
  /** Confirm in the danger colour (what cannot be undone). */
  danger?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** While the confirmed action runs: both buttons wait. */
  busy?: boolean;
  testId?: string;
  wide?: boolean;
}

export function ConfirmDialog({ open = true, ...props }: ConfirmDialogProps) {
  if (!open) return null;
  return <OpenDialog {...props} />;
}

function OpenDialog({
  title,
  description,
  children,
  confirmLabel,
  cancelLabel,
  confirmDisabled = false,
  danger = false,
  onConfirm,
  onCancel,
  busy = false,
  testId = 'confirm-dialog',
  wide = false,
}: Omit<ConfirmDialogProps, 'open'>) {
  const { t } = useTranslation();
  const titleId = useId();
  const bodyId = useId();
  // The latest cancel, so a parent re-rendering (the console's room ticks every second) never re-binds the keys.
  const cancel = useRef(onCancel);
  const waiting = useRef(busy);
  useEffect(() => {
    cancel.current = onCancel;
    waiting.current = busy;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || waiting.current) return;
      event.preventDefault();
      cancel.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const hasBody = Boolean(description) || children !== undefined;
  return (
    <Modal labelledBy={titleId} describedBy={hasBody ? bodyId : undefined} testId={testId} wide={wide} returnFocus>
      <h2 className="modal__title" id={titleId}>
        {title}
      </h2>
      {hasBody && (
        <div className="modal__body" id={bodyId}>
          {description && <p className="modal__text">{description}</p>}
          {children}
        </div>
      )}
      <div className="modal__actions">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          {cancelLabel ?? t('dialog.cancel')}
        </Button>
        <Button variant={danger ? 'danger' : 'primary'} onClick={onConfirm} disabled={busy || confirmDisabled} autoFocus>
          {confirmLabel ?? t('dialog.confirm')}
        </Button>
      </div>
    </Modal>
  );
}
