/** SPEC §2 Profile screen on the app's own routes (fake core): guests never see it; a member's panels, locked rewards and the claim confirmation. */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Route } from '../../../src/shared/api/route.js';
import type { StoredSession } from '../../../src/shared/entities.js';
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
import { bindDocumentLanguage, initI18n } from '../../../src/renderer/core/i18n/i18n.js';
import type { PackageOrder } from '../../../src/shared/api/admin-pricing.js';
import type { CustomerOrder } from '../../../src/shared/api/profile.js';
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

describe('the profile’s orders waiting for the desk (our server only; issues 23, 26)', () => {
  beforeEach(resetStores);
  afterEach(cleanup);

  const packageOrder = (over: Partial<PackageOrder> = {}): PackageOrder => ({
    id: 7, packageId: 'night', packageName: 'Night', username: 'ali', stationId: STATION.stationId, status: 'pending', price: 6000,
    createdAt: '2026-11-27T20:00:00.000Z', decidedAt: null, decidedBy: null, rejectReason: null, takenBy: null, takenAt: null, ...over,
  });
  const offerOrder = (over: Partial<CustomerOrder> = {}): CustomerOrder => ({
    id: 3, offerName: '10% bonus credit', status: 'pending', price: 10000, credit: 11000, createdAt: '2026-11-27T19:00:00.000Z',
    decidedAt: null, rejectReason: null, ...over,
  });
  const member = (extras: { packages: unknown; offers: unknown }) =>
    vi.fn(async (route: Route, _options?: unknown) => {
      if (route.path === '/profile') return USER;
      if (route.path === '/rewards/user/progress') return PROGRESS;
      if (route.path === '/packages/orders/mine') {
        if (extras.packages instanceof Error) throw extras.packages;
        return extras.packages;
      }
      if (route.path === '/offers/orders/mine') {
        if (extras.offers instanceof Error) throw extras.offers;
        return extras.offers;
      }
      return [];
    });

  it('lists the waiting package and offer orders with their state; decided ones are not waiting; a decision takes one out', async () => {
    const call = member({
      packages: [packageOrder(), packageOrder({ id: 8, status: 'approved', packageName: '3 hours' })],
      offers: { success: true, data: [offerOrder(), offerOrder({ id: 2, status: 'approved', offerName: 'Old deal' })] },
    });
    const { app } = renderApp('/user-profile', { session: MEMBER, call });
    const panel = await screen.findByTestId('waiting-orders');
    expect(within(panel).getByRole('heading', { name: 'Waiting for the desk' })).toBeTruthy();
    const rows = within(panel).getAllByRole('listitem').map((li) => li.textContent);
    expect(rows).toEqual([
      'PackageNight: waiting for staff. Pay 6,000 IQD at the counter.',
      'Offer10% bonus credit: waiting for staff. Pay 10,000 IQD at the counter.',
    ]);
    // Staff approve the package order (packageOrderUpdated): it leaves the list at once.
    await act(() => app.features.store.service.packages.orderDecided(packageOrder({ status: 'approved', decidedBy: 'desk' })));
    expect(within(screen.getByTestId('waiting-orders')).getAllByRole('listitem')).toHaveLength(1);
    // And the offer order too: nothing waits, the panel goes.
    act(() => app.features.store.service.orderDecided(offerOrder({ status: 'rejected', rejectReason: 'Not paid' })));
    expect(screen.queryByTestId('waiting-orders')).toBeNull();
  });

  it('against a server without these extras (404) the profile is as the SPEC has it: no panel, no error', async () => {
    const missing = new ApiError('Request failed', 'http', 404, '', 'Not Found');
    const call = member({ packages: missing, offers: missing });
    renderApp('/user-profile', { session: MEMBER, call });
    await waitFor(() => expect(screen.getByTestId('profile-username').textContent).toBe('ali'));
    await waitFor(() => expect(call.mock.calls.some(([route]) => route.path === '/offers/orders/mine')).toBe(true));
    expect(screen.queryByTestId('waiting-orders')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('reads in Arabic, right to left', async () => {
    const i18n = initI18n();
    const unbind = bindDocumentLanguage(i18n);
    await act(() => i18n.changeLanguage('ar'));
    try {
      const call = member({ packages: [packageOrder()], offers: { success: true, data: [] } });
      renderApp('/user-profile', { session: MEMBER, call });
      const panel = await screen.findByTestId('waiting-orders');
      expect(document.documentElement.dir).toBe('rtl');
      expect(within(panel).getByRole('heading', { name: 'بانتظار المكتب' })).toBeTruthy();
      expect(within(panel).getByRole('listitem').textContent).toBe('باقةNight: بانتظار الموظفين. ادفع 6,000 د.ع عند المكتب.');
    } finally {
      await act(() => i18n.changeLanguage('en'));
      unbind();
    }
  });
});

