/**
 * The modal overlay: a dimmed, blurred backdrop and a glass dialog. While it
 * is up the page behind is inert and the focus stays in the dialog
 * (ui/blockingLayers.ts). Escape closes it when it can be closed (`onEscape`;
 * the login gates cannot).
 */
import type { ReactNode } from 'react';
import { LAYER_LEVEL } from './blockingLayers.js';
import { useBlockingLayer } from './useBlockingLayer.js';
import './modal.css';

export function Modal({
  labelledBy,
  children,
  testId,
  wide = false,
  onEscape,
}: {
  labelledBy: string;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
  /** What Escape does (the modal's own Close or Cancel); without it Escape does nothing. */
  onEscape?: () => void;
}) {
  const layer = useBlockingLayer<HTMLDivElement>(LAYER_LEVEL.modal);
  return (
    <div className="modal-backdrop">
      <div
        ref={layer}
        tabIndex={-1}
        className={`modal${wide ? ' modal--wide' : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
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
