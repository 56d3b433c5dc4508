/**
 * The modal overlay: a dimmed, blurred backdrop and a glass dialog. While it
 * is up the page behind is inert and the focus stays in the dialog
 * (ui/blockingLayers.ts).
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
}: {
  labelledBy: string;
  children: ReactNode;
  testId?: string;
  wide?: boolean;
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
      >
        {children}
      </div>
    </div>
  );
}
