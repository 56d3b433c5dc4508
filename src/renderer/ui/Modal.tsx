/** The front door's modal overlay: a dimmed, blurred backdrop and a glass dialog. */
import type { ReactNode } from 'react';
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
  return (
    <div className="modal-backdrop">
      <div
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
