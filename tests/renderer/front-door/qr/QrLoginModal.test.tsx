/** The QR modal on screen: closing it during the success pause must not log anyone in. */
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Route } from '../../../../src/shared/api/route.js';
import { useSessionStore } from '../../../../src/renderer/session/sessionStore.js';
import { loginResponse } from '../../support/fakes.js';
import { renderApp, freshAppWithFakeTimers } from '../../support/renderApp.js';

freshAppWithFakeTimers();

const steamLogin = {
  provider: 'steam',
  email: null,
  username: 'mina',
  name: 'Mina',
  steamId: '7656',
  loginData: loginResponse(),
};

function answer(route: Route): Promise<unknown> {
  if (route.path.endsWith('/qr-session')) return Promise.resolve({ sessionId: 'qr-1', authUrl: 'https://auth.example/qr-1', expiresIn: 120 });
  if (route.path.endsWith('/status')) return Promise.resolve({ status: 'completed', userData: steamLogin });
  return new Promise(() => undefined);
}

describe('QR login modal', () => {
  it('a login that completes after the modal closed during the success pause is dropped', async () => {
    const { core } = renderApp('/login', { call: answer });
    fireEvent.click(screen.getByTestId('login-qr'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: /Steam/ }));
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(await vi.waitFor(() => screen.getByTestId('qr-image'))).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(screen.getByText('Authentication Successful!')).toBeTruthy();
    // Leaving the login screen (the modal unmounts) during the 1.5 s pause.
    cleanup();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(useSessionStore.getState().session).toBeNull();
    expect(core.api.call.mock.calls.map(([route]) => route.path).filter((p) => p.includes('check-email'))).toEqual([]);
  });

  it('shows only the providers the server offers, the development one labelled (issue 25)', async () => {
    const providers = (route: Route): Promise<unknown> =>
      route.path.endsWith('/oauth/providers')
        ? Promise.resolve({ providers: [{ id: 'discord', development: false }, { id: 'google', development: true }] })
        : new Promise(() => undefined);
    renderApp('/login', { call: providers });
    fireEvent.click(screen.getByTestId('login-qr'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    const grid = screen.getByTestId('qr-providers');
    expect([...grid.querySelectorAll('button')].map((b) => b.textContent)).toEqual(['GGoogleDevelopment sign-in', 'DDiscord']);
  });

  it('says so when the cafe configured no provider', async () => {
    renderApp('/login', { call: (route: Route) => (route.path.endsWith('/oauth/providers') ? Promise.resolve({ providers: [] }) : new Promise(() => undefined)) });
    fireEvent.click(screen.getByTestId('login-qr'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByRole('status').textContent).toBe('QR sign-in is not set up at this cafe. Please log in with your username and password.');
    expect(screen.queryByTestId('qr-providers')).toBeNull();
  });
});
