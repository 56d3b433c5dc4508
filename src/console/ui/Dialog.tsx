/** A modal confirmation: title, body, confirm and cancel (Escape cancels). */
import type { ReactNode } from 'react';

export function Dialog(props: { title: string; children: ReactNode; confirmLabel: string; cancelLabel: string; onConfirm(): void; onCancel(): void }) {
  return (
    <div className="overlay" role="presentation" onKeyDown={(e) => e.key === 'Escape' && props.onCancel()}>
      <div className="dialog" role="dialog" aria-modal="true" aria-label={props.title}>
        <h2>{props.title}</h2>
        <div className="dialog-body">{props.children}</div>
        <div className="row end">
          <button type="button" onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
          <button type="button" className="primary" autoFocus onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
