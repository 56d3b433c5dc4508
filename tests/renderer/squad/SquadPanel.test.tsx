/** The Squad Hub panel on the dashboard (SPEC §2 non-guests only, §5 the Add button's code rule; issue 14). */
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Route } from '../../../src/shared/api/route.js';
import type { StoredSession } from '../../../src/shared/entities.js';
import { GUEST_SESSION, renderApp, resetStores } from '../support/renderApp.js';

const MEMBER: StoredSession = { ...GUEST_SESSION, id: 's-1', sessionId: 's-1', username: 'ali', isGuest: false, userId: 'usr_ali' };

const request = {
  id: 'frd_1',
  userId: 'usr_sara',
  username: 'sara',
  displayName: 'Sara Kareem',
  sentAt: '2026-01-01T10:00:00.000Z',
  friendship: { id: 'frd_1', userId: 'usr_sara', friendId: 'usr_ali', status: 'pending', createdAt: '2026-01-01T10:00:00.000Z' },
};

function server(route: Route): Promise<unknown> {
  const answers: Record<string, unknown> = {
    'GET /social/my-friend-code': { friendCode: '7123456' },
    'GET /social/friends': [],
    'GET /social/friends/requests': [request],
    'GET /social/friends/mutual/:id': [],
    'PUT /social/presence': { success: true },
  };
  const key = `${route.method} ${route.path}`;
  return key in answers ? Promise.resolve(answers[key]) : new Promise(() => undefined);
}

describe('Squad Hub panel', () => {
  beforeEach(() => resetStores());
  afterEach(() => cleanup());

  it('is not there for a guest', async () => {
    const { core } = renderApp('/dashboard', { session: GUEST_SESSION, call: server });
    await waitFor(() => expect(screen.getByTestId('dashboard-screen')).toBeTruthy());
    expect(screen.queryByTestId('squad-panel')).toBeNull();
    expect(core.api.call.mock.calls.map(([route]) => route.path).filter((p) => p.startsWith('/social'))).toEqual([]);
  });

  it('starts folded with the badge; Show opens my code and the pending requests; Add waits for 7 digits starting with 7; Hide folds it', async () => {
    renderApp('/dashboard', { session: MEMBER, call: server });
    await waitFor(() => expect(screen.getByTestId('squad-badge').textContent).toBe('1'));
    expect(screen.queryByTestId('squad-my-code')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    const code = await screen.findByTestId('squad-my-code');
    await waitFor(() => expect(code.textContent).toBe('7123456'));
    expect(screen.getByTestId('squad-badge').textContent).toBe('1');
    expect(screen.getByTestId('squad-request').textContent).toContain('Sara Kareem');

    const input = screen.getByLabelText('Friend code (7 digits)') as HTMLInputElement;
    const add = screen.getByRole('button', { name: 'Add' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    for (const [typed, shown, enabled] of [
      ['712345', '712345', false],
      ['6123456', '6123456', false],
      ['71a2345', '712345', false],
      ['7654321', '7654321', true],
    ] as const) {
      act(() => void fireEvent.change(input, { target: { value: typed } }));
      expect(input.value).toBe(shown);
      expect(add.disabled).toBe(!enabled);
    }

    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(screen.queryByTestId('squad-my-code')).toBeNull();
    expect(screen.getByTestId('squad-badge').textContent).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(screen.getByTestId('squad-my-code')).toBeTruthy();
  });
});
