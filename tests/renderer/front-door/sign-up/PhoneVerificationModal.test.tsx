/** SPEC §4 phone modal: 60 s resend countdown restarting on open and after each resend; exactly-true verified; closes 1.5 s after success. */
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../../src/renderer/core/i18n/i18n.js';
import { PhoneVerificationModal } from '../../../../src/renderer/front-door/sign-up/PhoneVerificationModal.js';

beforeEach(() => {
  initI18n();
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderModal(verify: () => Promise<unknown>, resend = vi.fn(() => Promise.resolve({ success: true }))) {
  const onVerified = vi.fn();
  render(<PhoneVerificationModal phone="+9647705551234" verify={verify} resend={resend} onVerified={onVerified} onCancel={vi.fn()} />);
  return { onVerified, resend };
}

const submit = async (code: string) => {
  fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
  await act(() => vi.advanceTimersByTimeAsync(0));
};

describe('phone verification modal', () => {
  it('counts 60 s down before a resend is allowed, and restarts after a resend', async () => {
    const { resend } = renderModal(() => Promise.resolve({ verified: false }));
    const button = () => screen.getByTestId('phone-resend') as HTMLButtonElement;
    expect(button().textContent).toBe('Resend code in 60s');
    expect(button().disabled).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(59_000));
    expect(button().textContent).toBe('Resend code in 1s');
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(button().textContent).toBe('Resend code');
    fireEvent.click(button());
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(resend).toHaveBeenCalledOnce();
    expect(button().textContent).toBe('Resend code in 60s');
  });

  it('only verified: true counts; an error is "Verification failed"', async () => {
    const answers: Array<() => Promise<unknown>> = [
      () => Promise.resolve({ verified: 'true' }),
      () => Promise.reject(new Error('500')),
    ];
    const { onVerified } = renderModal(() => answers.shift()!());
    await submit('123456');
    expect(screen.getByRole('alert').textContent).toBe('Invalid code. Please try again.');
    await submit('123456');
    expect(screen.getByRole('alert').textContent).toBe('Verification failed. Please try again.');
    expect(onVerified).not.toHaveBeenCalled();
  });

  it('keeps 6 characters and closes 1.5 s after success', async () => {
    const { onVerified } = renderModal(
      () => Promise.resolve({ verified: true }),
      vi.fn(() => Promise.reject(new Error('x'))),
    );
    await submit('1234567');
    expect(screen.getByText('Phone verified!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_499));
    expect(onVerified).not.toHaveBeenCalled();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(onVerified).toHaveBeenCalledOnce();
  });
});
