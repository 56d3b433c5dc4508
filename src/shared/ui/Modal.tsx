/**
 * The modal overlay of both apps: a dimmed, blurred backdrop and a glass
 * dialog. While it is up the page behind is inert and the focus stays in the
 * dialog (blockingLayers.ts). Escape closes it when it can be closed
 * (`onEscape`; the kiosk's login gates cannot). With `returnFocus` the focus
 * goes back to where it was when the modal closes.
 */
import { useLayoutEffect, useState, type ReactNode } from 'react';
import { LAYER_LEVEL } from './blockingLayers.js';
import { useBlockingLayer } from './useBlockingLayer.js';
import './styles/controls.css';
import './modal.css';

export function Modal({
  labelledBy,
  describedBy,
  children,
  testId,
  wide = false,
  onEscape,
  returnFocus = false,
}: {
  labelledBy: string;
  describedBy?: string | undefined;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
  /** What Escape does (the modal's own Close or Cancel); without it Escape does nothing. */
  onEscape?: () => void;
  returnFocus?: boolean;
}) {
  // Read while rendering: by the time effects run, the dialog has taken the focus.
  const [opener] = useState(() => (typeof document !== 'undefined' && document.activeElement instanceof HTMLElement ? document.activeElement : null));
  const layer = useBlockingLayer<HTMLDivElement>(LAYER_LEVEL.modal);
  // Declared after the layer: React cleans effects up in order, so the page is live again when the focus goes back.
  useLayoutEffect(() => {
    if (!returnFocus) return undefined;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, [opener, returnFocus]);
  return (
    <div className="modal-backdrop">
      <div
        ref={layer}
        tabIndex={-1}
        className={`modal${wide ? ' modal--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        data-testid={testId}
        onKeyDown={(event) => {
          if (event.key !== 'Escape' || !onEscape) return;
          event.preventDefault();
          event.stopPropagation();
          onEscape();
        }}
      >
        {children}
      </div>
    </div>
  );
}
