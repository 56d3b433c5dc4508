/** Sign-up on screen, through the real HTTP client and the shared answer schemas. */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetStores } from '../../support/renderApp.js';

beforeEach(resetStores);
afterEach(cleanup);

/** The cafe server as the SPEC allows it to answer: a registration with registrationKey null. */
const specServer: AxiosAdapter = async (config) => {
  const data = config.url === '/auth/client/check-username' ? { available: true } : undefined;
  const body =
    config.url === '/auth/client/register'
      ? { success: true, requiresPhoneVerification: false, registrationKey: null }
      : (data ?? new Promise(() => undefined));
  return { status: 200, statusText: 'OK', data: await body, headers: {}, config };
};

describe('sign-up face', () => {
  it('a registration answered {success: true, requiresPhoneVerification: false, registrationKey: null} shows the success text', async () => {
    renderApp('/login', { adapter: specServer });
    fireEvent.click(screen.getByTestId('create-account'));
    fireEvent.change(await screen.findByTestId('signup-username'), { target: { value: 'layla.7' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'layla@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(screen.getByText('Registration successful! Please login to continue.')).toBeTruthy());
    expect(screen.queryByText('Registration failed. Please try again.')).toBeNull();
  });
});
