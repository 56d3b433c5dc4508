/** Sign-up on screen, through the real HTTP client and the shared answer schemas. */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeFetch } from '../../support/fakeFetch.js';
import { renderApp, resetStores } from '../../support/renderApp.js';

beforeEach(resetStores);
afterEach(cleanup);

/** The cafe server as the SPEC allows it to answer: a registration with registrationKey null. */
const specServer = fakeFetch(async ({ path }) => {
  const data = path === '/auth/client/check-username' ? { available: true } : undefined;
  const body =
    path === '/auth/client/register'
      ? { success: true, requiresPhoneVerification: false, registrationKey: null }
      : (data ?? new Promise(() => undefined));
  return { body: await body };
}).fetch;

describe('sign-up face', () => {
  it('a registration answered {success: true, requiresPhoneVerification: false, registrationKey: null} shows the success text', async () => {
    renderApp('/login', { fetch: specServer });
    fireEvent.click(screen.getByTestId('create-account'));
    fireEvent.change(await screen.findByTestId('signup-username'), { target: { value: 'layla.7' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'layla@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByText('Registration successful! Please login to continue.')).toBeTruthy());
    expect(screen.queryByText('Registration failed. Please try again.')).toBeNull();
  });
});

/** A server that asks for the phone: the registration, then a code check that says verified. */
const phoneServer = fakeFetch(({ path }) => {
  const answers: Record<string, unknown> = {
    '/auth/client/check-username': { available: true },
    '/auth/client/register': { success: true, requiresPhoneVerification: true, registrationKey: 'rk-1' },
    '/auth/client/verify-phone': { verified: true },
  };
  return { body: answers[path] ?? {} };
}).fetch;

/** Lets promises and on-demand imports settle (fake timers hold RTL's own polling) until `ready`. */
async function settleUntil(ready: () => unknown): Promise<void> {
  for (let i = 0; i < 100 && !ready(); i++) {
    await act(async () => {
      await new Promise<void>((resolve) => setImmediate(resolve));
    });
  }
}

describe('phone-verified sign-up (SPEC §4 Registration; issue 24)', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] }));
  afterEach(() => vi.useRealTimers());

  it("says 'Phone verified! Registration complete. Please login.' in place of the cleared form, then flips back to login after 2 s", async () => {
    renderApp('/login', { fetch: phoneServer });
    fireEvent.click(screen.getByTestId('create-account'));
    await settleUntil(() => screen.queryByTestId('signup-username'));
    fireEvent.change(screen.getByTestId('signup-username'), { target: { value: 'layla.k' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'layla123' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone number' }), { target: { value: '07705551234' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    // The modal's code loads on demand: let the import settle (fake timers hold RTL's own polling).
    await settleUntil(() => screen.queryByLabelText('Verification code'));
    fireEvent.change(screen.getByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await settleUntil(() => screen.queryByText('Phone verified!'));
    // §4: the verified modal closes 1.5 s later.
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.queryByTestId('phone-modal')).toBeNull();
    expect(screen.getByTestId('registered').textContent).toBe('Phone verified! Registration complete. Please login.');
    // The form is gone: no password still typed, no availability check of the customer's own new name.
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(screen.queryByText('Username is already taken')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1_999));
    expect(screen.queryByRole('button', { name: 'Login' })).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByTestId('registered')).toBeNull();
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('');
  });
});
