/** The one confirmation dialog of the kiosk and the console: named by its title, Escape cancels from anywhere, Tab stays inside, confirm waits for what it asks. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from '../../../src/shared/ui/ConfirmDialog.js';

afterEach(cleanup);

function open(extra: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onCancel = vi.fn();
  render(
    <>
      <button type="button">opener</button>
      <ConfirmDialog title="Void batch" confirmLabel="Void" cancelLabel="Cancel" onConfirm={onConfirm} onCancel={onCancel} {...extra}>
        <input aria-label="Reason" />
      </ConfirmDialog>
    </>,
  );
  return { onConfirm, onCancel, dialog: screen.getByRole('dialog', { name: 'Void batch' }) };
}

describe('ConfirmDialog', () => {
  it('is a modal named by its title, confirm focused first', () => {
    const { dialog } = open();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Void' }));
  });

  it('Escape cancels wherever the focus is', () => {
    const { onCancel, onConfirm } = open();
    screen.getByRole('button', { name: 'opener' }).focus();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('Tab from the last control comes back to the first, Shift+Tab the other way', () => {
    open();
    const first = screen.getByLabelText('Reason');
    const last = screen.getByRole('button', { name: 'Void' });
    last.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
  });

  it('confirm stays disabled until the dialog has what it asks for', () => {
    const { onConfirm } = open({ confirmDisabled: true });
    fireEvent.click(screen.getByRole('button', { name: 'Void' }));
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('the page behind is inert while it asks, and live again after', () => {
    const { unmount } = render(
      <>
        <button type="button">behind</button>
        <ConfirmDialog title="T" confirmLabel="OK" cancelLabel="Cancel" onConfirm={() => undefined} onCancel={() => undefined} />
      </>,
    );
    const behind = screen.getByRole('button', { name: 'behind', hidden: true });
    expect(behind.closest('[inert]')).not.toBeNull();
    act(() => unmount());
    expect(behind.closest('[inert]')).toBeNull();
  });

  it('while the confirmed action runs, both buttons wait and Escape does nothing', () => {
    const { onCancel } = open({ busy: true });
    expect(screen.getByRole('button', { name: 'Void' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('closed, it renders nothing', () => {
    render(<ConfirmDialog open={false} title="Hidden" confirmLabel="OK" cancelLabel="Cancel" onConfirm={() => undefined} onCancel={() => undefined} />);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('gives the focus back to where it was when it closes', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(<ConfirmDialog title="T" confirmLabel="OK" cancelLabel="Cancel" onConfirm={() => undefined} onCancel={() => undefined}>body</ConfirmDialog>);
    expect(document.activeElement).not.toBe(opener);
    act(() => unmount());
    expect(document.activeElement).toBe(opener);
    opener.remove();
  });
});
