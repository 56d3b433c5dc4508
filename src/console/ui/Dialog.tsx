/**
 * The console's one dialog (issue 21): a modal confirmation with a title, a
 * body, confirm and cancel. Escape cancels wherever the focus is; Tab stays
 * inside; the focus starts on confirm and returns to where it was on close.
 * Every confirmation of the console (room preview, revoke, void, staff
 * resets) is this component.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface DialogProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  /** Confirm stays disabled until what the dialog asks for is filled in. */
  confirmDisabled?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

const FOCUSABLE = 'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function Dialog(props: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const box = useRef<HTMLDivElement>(null);
  // The latest cancel, so a parent re-rendering (the room ticks every second) neither re-binds the keys nor moves the focus.
  const cancel = useRef(props.onCancel);
  useEffect(() => {
    cancel.current = props.onCancel;
  });

  // Read while rendering: by the time effects run, confirm has taken the focus (autoFocus).
  const [opener] = useState(() => (document.activeElement instanceof HTMLElement ? document.activeElement : null));

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        cancel.current();
        return;
      }
      if (e.key !== 'Tab' || !box.current) return;
      const items = [...box.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = items[0];
      const last = items.at(-1);
      if (!first || !last) return;
      if (e.shiftKey && document.activeElement === first) {
        e.preventDefault();
        last.focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus();
    };
  }, [opener]);

  return (
    <div className="overlay" role="presentation">
      <div ref={box} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={bodyId}>
        <h2 id={titleId}>{props.title}</h2>
        <div id={bodyId} className="dialog-body">
          {props.children}
        </div>
        <div className="row end">
          <button type="button" onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
          <button type="button" className="primary" autoFocus disabled={props.confirmDisabled} onClick={props.onConfirm}>
            {props.confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
