import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assignGameAccount, clientGameAccounts, releaseGameAccount } from '../../../src/shared/api/games.js';
import type { Route } from '../../../src/shared/api/route.js';
import type { GameAccount, GameEntry } from '../../../src/shared/entities.js';
import { ApiError } from '../../../src/renderer/core/api/apiError.js';
import { englishText } from '../../../src/renderer/core/i18n/uiMessage.js';
import { globalTimers } from '../../../src/renderer/core/time/timers.js';
import { assignFailure, isBusy, sortAccounts } from '../../../src/renderer/games/accounts/accountRules.js';
import { AccountsService } from '../../../src/renderer/games/accounts/accountsService.js';
import { INITIAL_ACCOUNTS_STATE, useAccountsStore } from '../../../src/renderer/games/accounts/accountsStore.js';
import { INITIAL_GAMES_STATE, useGamesStore } from '../../../src/renderer/games/gamesStore.js';
import { LaunchLock } from '../../../src/renderer/games/launch/launchLock.js';
import { FakeBridge, silentLog } from '../support/fakes.js';

const account = (n: number, extra: Partial<GameAccount> = {}): GameAccount => ({
  id: `acc-${n}`,
  username: `arena_${n}`,
  platform: 3,
  inUse: false,
  sessionId: null,
  gameId: 'game-cs2',
  gameName: 'Counter-Strike 2',
  accountDisplayName: `Account ${n}`,
  ...extra,
});
const CS2: GameEntry = {
  Json_ID: 'game-cs2',
  Name: 'Counter-Strike 2',
  Thumbnail: '',
  Platform: 3,
  Categories: [],
  IsMultiPlatform: false,
  App_ID: '730',
};

describe('centre-account rules (SPEC §3, §4, §5, §8)', () => {
  it('sorts by the number in accountDisplayName, not as text', () => {
    const sorted = sortAccounts([account(10), account(2), account(1), { ...account(0), accountDisplayName: 'Spare' }]);
    expect(sorted.map((a) => a.accountDisplayName)).toEqual(['Account 1', 'Account 2', 'Account 10', 'Spare']);
  });

  it('is busy when in use or held by a session', () => {
    expect(isBusy(account(1))).toBe(false);
    expect(isBusy(account(1, { inUse: true }))).toBe(true);
    expect(isBusy(account(1, { sessionId: 'sess-9' }))).toBe(true);
  });

  it.each([
    [new ApiError('x', 'http', 404, '', 'This account is no longer available'), 'This account is no longer available'],
    [new ApiError('x', 'http', 409, '', 'This account is currently being used by another station'), 'This account is currently being used by another station'],
    [new ApiError('x', 'http', 409, '', 'This account is already in use or unavailable'), 'This account is already in use or unavailable'],
    [new ApiError('x', 'http', 409), 'This account is already in use or unavailable'],
    [new ApiError('x', 'http', 500), 'Failed to assign account. Please try again.'],
    [new ApiError('x', 'network'), 'Failed to assign account. Please try again.'],
  ])('a refused assign says the SPEC text (%#)', (error, text) => {
    expect(englishText({ key: assignFailure(error) })).toBe(text);
  });
});

describe('centre accounts in the game modal', () => {
  let calls: Array<{ route: Route; options: unknown }>;
  let answers: Map<Route, (options: unknown) => unknown>;
  let bridge: FakeBridge;
  let service: AccountsService;
  let sessionId: string | null;
  const accountLaunches: string[] = [];

  beforeEach(() => {
    vi.useFakeTimers();
    useAccountsStore.setState({ ...INITIAL_ACCOUNTS_STATE });
    useGamesStore.setState({ ...INITIAL_GAMES_STATE });
    calls = [];
    sessionId = 'sess-1';
    answers = new Map<Route, (options: unknown) => unknown>([
      [clientGameAccounts, () => [account(3), account(1, { inUse: true }), account(2)]],
      [assignGameAccount, () => ({ ...account(2), inUse: true, sessionId: 'sess-1' })],
    ]);
    bridge = new FakeBridge();
    const launchLock = new LaunchLock({ bridge, timers: globalTimers, store: useGamesStore });
    service = new AccountsService({
      api: {
        call: (async (route: Route, options: unknown) => {
          calls.push({ route, options });
          const answer = answers.get(route);
          if (!answer) throw new Error(`unexpected ${route.path}`);
          return answer(options);
        }) as never,
      },
      launchLock,
      onAccountLaunch: (jsonId) => accountLaunches.push(jsonId),
      getSessionId: () => sessionId,
      getStationGroupId: () => 'grp-1',
      log: silentLog,
    });
  });
  afterEach(() => vi.useRealTimers());

  it('loads the accounts of each centre-account platform of the game, sorted', async () => {
    service.open('Rainbow Six Siege', [3, 8, 1]);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => c.options)).toEqual([
      { query: { platform: 3, gameName: 'Rainbow Six Siege', stationGroupId: 'grp-1' } },
      { query: { platform: 8, gameName: 'Rainbow Six Siege', stationGroupId: 'grp-1' } },
    ]);
    expect(useAccountsStore.getState().byPlatform[3]?.accounts.map((a) => a.id)).toEqual(['acc-1', 'acc-2', 'acc-3']);
  });

  it("says 'Failed to load accounts for {platform}' through an error state", async () => {
    answers.set(clientGameAccounts, () => {
      throw new ApiError('x', 'http', 500);
    });
    service.open('Counter-Strike 2', [3]);
    await vi.advanceTimersByTimeAsync(0);
    expect(useAccountsStore.getState().byPlatform[3]?.status).toBe('error');
  });

  it('Use assigns the account to the current session, then launches naming it (no password from the server)', async () => {
    service.open('Counter-Strike 2', [3]);
    await vi.advanceTimersByTimeAsync(0);
    await service.use(CS2, account(2));
    expect(calls.find((c) => c.route === assignGameAccount)?.options).toEqual({ params: { id: 'acc-2', sessionId: 'sess-1' } });
    expect(bridge.sent).toEqual([{ command: 'Launch', Json_ID: 'game-cs2', Account_ID: 'acc-2' }]);
    expect(useGamesStore.getState().launching).toBe(true);
    expect(accountLaunches).toContain('game-cs2');
  });

  it('a SPEC-only server that sends the password gets a Launch with Username and Password', async () => {
    answers.set(assignGameAccount, () => ({ ...account(2), inUse: true, sessionId: 'sess-1', password: 'pw' }));
    service.open('Counter-Strike 2', [3]);
    await vi.advanceTimersByTimeAsync(0);
    await service.use(CS2, account(2));
    expect(bridge.sent).toEqual([{ command: 'Launch', Json_ID: 'game-cs2', Account_ID: 'acc-2', Username: 'arena_2', Password: 'pw' }]);
  });

  it('Use again on an account this session holds releases it, assigns it afresh, then launches (its sign-in is once per assignment)', async () => {
    answers.set(clientGameAccounts, () => [account(2, { inUse: true, sessionId: 'sess-1' })]);
    answers.set(releaseGameAccount, () => ({ success: true }));
    service.open('Counter-Strike 2', [3]);
    await vi.advanceTimersByTimeAsync(0);
    await service.use(CS2, account(2, { inUse: true, sessionId: 'sess-1' }));
    expect(calls.filter((c) => c.route !== clientGameAccounts).map((c) => [c.route.path, c.options])).toEqual([
      ['/game-accounts/:id/release', { params: { id: 'acc-2' } }],
      ['/game-accounts/:id/assign/:sessionId', { params: { id: 'acc-2', sessionId: 'sess-1' } }],
    ]);
    expect(bridge.sent).toEqual([{ command: 'Launch', Json_ID: 'game-cs2', Account_ID: 'acc-2' }]);
  });

  it('a held account another station takes between the release and the assign: no launch, and the customer is told', async () => {
    answers.set(clientGameAccounts, () => [account(2, { inUse: true, sessionId: 'sess-1' })]);
    answers.set(releaseGameAccount, () => ({ success: true }));
    answers.set(assignGameAccount, () => {
      throw new ApiError('x', 'http', 409, '', 'This account is currently being used by another station');
    });
    service.open('Counter-Strike 2', [3]);
    await vi.advanceTimersByTimeAsync(0);
    await service.use(CS2, account(2, { inUse: true, sessionId: 'sess-1' }));
    expect(bridge.sent).toEqual([]);
    expect(useGamesStore.getState().launching).toBe(false);
    expect(englishText(useAccountsStore.getState().message!)).toBe('This account is currently being used by another station');
  });

  it('refuses a busy account and one that is gone, with the §5 texts, without asking the server', async () => {
    service.open('Counter-Strike 2', [3]);
    await vi.advanceTimersByTimeAsync(0);
    await service.use(CS2, account(1));
    expect(englishText(useAccountsStore.getState().message!)).toBe('This account is currently being used by another station');
    await service.use(CS2, account(9));
    expect(englishText(useAccountsStore.getState().message!)).toBe('This account is no longer available');
    expect(calls.some((c) => c.route === assignGameAccount)).toBe(false);
    expect(bridge.sent).toEqual([]);
  });

  it('a lost race unblocks the launch buttons and says why', async () => {
    answers.set(assignGameAccount, () => {
      throw new ApiError('x', 'http', 409, '', 'This account is already in use or unavailable');
    });
    service.open('Counter-Strike 2', [3]);
    await vi.advanceTimersByTimeAsync(0);
    await service.use(CS2, account(2));
    expect(bridge.sent).toEqual([]);
    expect(useGamesStore.getState().launching).toBe(false);
    expect(englishText(useAccountsStore.getState().message!)).toBe('This account is already in use or unavailable');
  });

  it('needs a session', async () => {
    sessionId = null;
    service.open('Counter-Strike 2', [3]);
    await vi.advanceTimersByTimeAsync(0);
    await service.use(CS2, account(2));
    expect(bridge.sent).toEqual([]);
  });

  it('gameAccountStatusChanged reloads only a platform the modal shows', async () => {
    service.open('Counter-Strike 2', [3]);
    await vi.advanceTimersByTimeAsync(0);
    calls = [];
    service.platformChanged(6);
    service.platformChanged(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(calls.map((c) => (c.options as { query: { platform: number } }).query.platform)).toEqual([3]);
  });
});
