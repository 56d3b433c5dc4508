/** SPEC §2 Profile screen on the app's own routes (fake core): guests never see it; a member's panels, locked rewards and the claim confirmation. */
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Route } from '../../../src/shared/api/route.js';
import type { StoredSession } from '../../../src/shared/entities.js';
import { STATION } from '../support/fakes.js';
import { GUEST_SESSION, renderApp, resetStores } from '../support/renderApp.js';

const MEMBER: StoredSession = { ...GUEST_SESSION, id: 's-1', sessionId: 's-1', username: 'ali', isGuest: false, userId: 'usr_1' };

const USER = {
  id: 'usr_1', username: 'ali', email: 'ali@example.com', phoneNumber: null, displayName: 'Ali Hassan', avatarUrl: null,
  type: 'regular', isGuest: false, sessionId: 's-1', stationId: STATION.stationId, stationNumber: 4, xp: 1200, level: 2,
  tier: { name: 'Silver', xpMultiplier: 1.25, rewardMultiplier: 1.1, canEarnRewards: true, hasNfcAccess: true, canReserveStations: false, maxReservationHours: 0, description: '' },
  createdAt: '2026-01-01T00:00:00.000Z', totalPlaytimeMinutes: 0, balance: 25000, protectedBalance: 0, protectedBalanceMinutes: 0,
  lastLoginAt: null, steamId: null, requirePasswordReset: false, requireBalanceTopUp: false,
  claimedRewards: [{ id: 'c1', rewardDescription: 'Old prize', createdAt: '2026-02-01T00:00:00.000Z', status: 'DELIVERED', xpSpent: 300 }],
};

const PROGRESS = {
  xp: 1200,
  level: 2,
  levelProgress: { currentLevelXp: 200, nextLevelXp: 2000, xpToNextLevel: 1800, progress: 10 },
  allRewards: [
    { id: 'r1', name: 'Free drink', description: 'A can', requiredXp: 910, isEligible: true, xpNeeded: 0 },
    { id: 'r2', name: 'Headset', description: 'Pro', requiredXp: 1700, isEligible: false, xpNeeded: 500 },
  ],
  allEventRewards: [],
};

describe('the profile screen', () => {
  beforeEach(resetStores);
  afterEach(cleanup);

  it('is not for guests: /user-profile goes to the dashboard', async () => {
    const { router } = renderApp('/user-profile', { session: GUEST_SESSION, call: async () => [] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the member’s card, details, tier, level, rewards (locked ones say what is missing), claims and the empty history', async () => {
    const call = vi.fn(async (route: Route, _options?: unknown) => {
      if (route.path === '/profile') return USER;
      if (route.path === '/rewards/user/progress') return PROGRESS;
      if (route.path === '/rewards/claim') return { success: true, message: 'Reward claimed successfully!' };
      return [];
    });
    renderApp('/user-profile', { session: MEMBER, call });
    await waitFor(() => expect(screen.getByTestId('profile-username').textContent).toBe('ali'));
    expect(screen.getByTestId('profile-tier').textContent).toBe('Silver');
    // Issue 24: the customer's own name and values are isolated (an English name inside Arabic keeps its order).
    expect(screen.getByTestId('profile-name').querySelector('bdi')?.textContent).toBe('Ali Hassan');
    expect(screen.getByTestId('profile-username').querySelector('bdi')?.textContent).toBe('ali');
    expect(screen.getByText('Never')).toBeTruthy();
    expect(screen.getByTestId('profile-balance').textContent).toBe('25,000 IQD');
    // Issue 24: the headline is what can be spent; the bar is the level's XP (lifetime), and the panel says so.
    expect(screen.getByTestId('profile-xp').textContent).toBe('1,200 XP to spend');
    expect(screen.getByText('Level XP: 200 / 2000')).toBeTruthy();
    expect(screen.getByTestId('xp-rule').textContent).toBe('Claiming a reward spends XP; your level keeps all the XP you have earned.');
    expect(screen.getByText('Locked: 500 XP more needed')).toBeTruthy();
    expect(screen.getByText('DELIVERED')).toBeTruthy();
    expect(screen.getByText('No game play history found. Start playing games to see your history!')).toBeTruthy();
    const history = call.mock.calls.find(([route]) => route.path.includes('/history'));
    expect(history?.[1]).toMatchObject({ query: { limit: 15 } });

    const claims = screen.getAllByRole('button', { name: 'Claim' });
    expect((claims[1] as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(claims[0]!);
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toContain('Are you sure you want to claim Free drink? This will use 910 XP');
    expect(call.mock.calls.some(([route]) => route.path === '/rewards/claim')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(call.mock.calls.find(([route]) => route.path === '/rewards/claim')?.[1]).toEqual({ body: { rewardId: 'r1' } }));
  });

  it("edits the phone with the country picker (§5: IQ first and the default, IL and UA excluded, digits only) and sends the full number (issue 24)", async () => {
    const call = vi.fn(async (route: Route, _options?: unknown) => {
      if (route.path === '/profile') return { ...USER, phoneNumber: '+9647701234567' };
      if (route.path === '/rewards/user/progress') return PROGRESS;
      if (route.path === '/auth/phone/start') return { success: true };
      return [];
    });
    renderApp('/user-profile', { session: MEMBER, call });
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Profile' }));
    const picker = screen.getByRole('combobox', { name: 'Country code' }) as HTMLSelectElement;
    const codes = [...picker.options].map((o) => o.value);
    expect(picker.value).toBe('IQ');
    expect(codes[0]).toBe('IQ');
    expect(codes).not.toContain('IL');
    expect(codes).not.toContain('UA');
    const number = screen.getByRole('textbox', { name: 'Phone' }) as HTMLInputElement;
    expect(number.value).toBe('7701234567');
    fireEvent.change(number, { target: { value: '0 790-555 1234' } });
    expect(number.value).toBe('7905551234');
    fireEvent.change(picker, { target: { value: 'JO' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() =>
      expect(call.mock.calls.find(([route]) => route.path === '/auth/phone/start')?.[1]).toEqual({ body: { phone: '+9627905551234' } }),
    );
    expect(await screen.findByTestId('phone-modal')).toBeTruthy();
  });
});

