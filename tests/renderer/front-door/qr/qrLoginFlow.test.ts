/** SPEC §4 QR/OAuth modal as a flow, on fake timers. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OAuthOutcome, OAuthUserData } from '../../../../src/renderer/front-door/qr/oauthResult.js';
import { QrLoginFlow, type QrModalState, type QrProviderOption } from '../../../../src/renderer/front-door/qr/qrLoginFlow.js';
import type { QrStatus } from '../../../../src/renderer/front-door/qr/qrPoller.js';
import { ApiError } from '../../../../src/renderer/core/api/apiError.js';
import { englishText, type UiMessage } from '../../../../src/renderer/core/i18n/uiMessage.js';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const USER: OAuthUserData = { provider: 'google', email: 'mina@example.com', username: null, name: 'Mina', steamId: null, loginData: null };
const pending: QrStatus<OAuthUserData> = { status: 'pending', userData: null };
const completed: QrStatus<OAuthUserData> = { status: 'completed', userData: USER };

function flow(
  answers: QrStatus<OAuthUserData>[],
  outcome: OAuthOutcome = { kind: 'logged-in' },
  listProviders?: () => Promise<{ providers: readonly QrProviderOption[] }>,
  hasMacAddress?: () => boolean,
) {
  const states: QrModalState[] = [];
  const deps = {
    listProviders,
    hasMacAddress,
    startSession: vi.fn(() => Promise.resolve({ sessionId: 'qr-1', authUrl: 'https://auth.example/qr-1' })),
    pollStatus: vi.fn(() => Promise.resolve(answers.shift() ?? pending)),
    drawQr: vi.fn((url: string) => Promise.resolve(`data:image/png;base64,${url.length}`)),
    finish: vi.fn((_user: OAuthUserData) => Promise.resolve(outcome)),
    onChange: (state: QrModalState) => states.push(state),
    onError: vi.fn(),
    onSignUp: vi.fn(),
    onClose: vi.fn(),
  };
  const instance = new QrLoginFlow(deps);
  instance.start();
  return { instance, deps, states, phases: () => states.map((s) => s.phase) };
}

describe('QR login flow', () => {
  it('choose → generating → waiting (polled every second) → success → the result 1.5 s later, then closes', async () => {
    const { instance, deps, phases } = flow([pending, completed]);
    await instance.choose('google');
    expect(phases()).toEqual(['choose', 'generating', 'waiting']);
    expect(deps.drawQr).toHaveBeenCalledWith('https://auth.example/qr-1');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(deps.pollStatus).toHaveBeenCalledTimes(2);
    expect(phases().at(-1)).toBe('success');
    await vi.advanceTimersByTimeAsync(1_499);
    expect(deps.finish).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.finish).toHaveBeenCalledWith(USER);
    expect(deps.onClose).toHaveBeenCalledTimes(1);
  });

  it('closing during the success pause stops it: nothing logs in after the modal is gone', async () => {
    const { instance, deps } = flow([completed]);
    await instance.choose('google');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(instance.current.phase).toBe('success');
    instance.close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(deps.finish).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('closes by itself after 120 s, stopping the polling', async () => {
    const { instance, deps } = flow([]);
    await instance.choose('discord');
    await vi.advanceTimersByTimeAsync(119_999);
    expect(deps.onClose).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(deps.onClose).toHaveBeenCalledTimes(1);
    const polls = deps.pollStatus.mock.calls.length;
    await vi.advanceTimersByTimeAsync(5_000);
    expect(deps.pollStatus.mock.calls.length).toBe(polls);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('the back arrow cancels polling and offers the providers again', async () => {
    const { instance, deps, phases } = flow([]);
    await instance.choose('google');
    instance.back();
    expect(phases().at(-1)).toBe('choose');
    await vi.advanceTimersByTimeAsync(3_000);
    expect(deps.pollStatus).not.toHaveBeenCalled();
  });

  it("a QR that cannot be made says 'QR generation failed' and closes; a new user goes to the sign-up face", async () => {
    const failing = flow([]);
    failing.deps.drawQr.mockRejectedValueOnce(new Error('down'));
    await failing.instance.choose('google');
    expect(failing.deps.onError).toHaveBeenCalledWith({ key: 'error.oauth.qr' });
    expect(failing.deps.onClose).toHaveBeenCalledTimes(1);

    const signUp = flow([completed], { kind: 'sign-up', email: 'mina@example.com', username: 'mina', provider: 'Google' });
    await signUp.instance.choose('google');
    await vi.advanceTimersByTimeAsync(2_500);
    expect(signUp.deps.onSignUp).toHaveBeenCalledWith({ email: 'mina@example.com', username: 'mina', provider: 'Google' });
    expect(signUp.deps.onClose).toHaveBeenCalledTimes(1);
  });

  it('the grid shows what the server offers, in the SPEC order, the development stand-in marked (issue 25)', async () => {
    const { instance, deps, states } = flow([], undefined, () =>
      Promise.resolve({ providers: [{ id: 'github', development: false }, { id: 'steam', development: true }, { id: 'google', development: false }] }),
    );
    await vi.advanceTimersByTimeAsync(0);
    const grid = states.at(-1);
    expect(grid).toEqual({
      phase: 'choose',
      providers: [
        { id: 'google', development: false },
        { id: 'steam', development: true },
        { id: 'github', development: false },
      ],
    });
    // A provider the cafe did not configure cannot be chosen.
    await instance.choose('discord');
    expect(deps.startSession).not.toHaveBeenCalled();
    await instance.choose('steam');
    expect(deps.startSession).toHaveBeenCalledWith('steam');
    instance.back();
    expect(states.at(-1)).toEqual(grid);
  });

  it('a server that cannot say (a SPEC server without the list) keeps the SPEC’s five', async () => {
    const { states } = flow([], undefined, () => Promise.reject(new Error('404')));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toEqual({ phase: 'choose', providers: ['google', 'apple', 'steam', 'discord', 'github'].map((id) => ({ id, development: false })) });
  });

  it('a server with no provider configured shows an empty grid', async () => {
    const { states } = flow([], undefined, () => Promise.resolve({ providers: [] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(states.at(-1)).toEqual({ phase: 'choose', providers: [] });
  });

  it("a session the server will not create: 'Cannot create OAuth session: {its reason}', and the modal closes (issue 24)", async () => {
    const { instance, deps } = flow([]);
    deps.startSession.mockImplementationOnce(() => Promise.reject(new ApiError('x', 'http', 503, 'Service Unavailable', 'Provider not configured')));
    await instance.choose('google');
    expect(englishText(deps.onError.mock.calls[0]![0] as UiMessage)).toBe('Cannot create OAuth session: Provider not configured');
    expect(deps.drawQr).not.toHaveBeenCalled();
    expect(deps.onClose).toHaveBeenCalledTimes(1);

    // No answer at all: the reason is the request's.
    const second = flow([]);
    second.deps.startSession.mockImplementationOnce(() => Promise.reject(new ApiError('timeout of 10000ms exceeded', 'timeout')));
    await second.instance.choose('google');
    expect(englishText(second.deps.onError.mock.calls[0]![0] as UiMessage)).toBe('Cannot create OAuth session: timeout of 10000ms exceeded');
  });

  it("a station with no MAC address yet asks for no session: 'Cannot create OAuth session: Device MAC address is missing…' (issue 24)", async () => {
    const { instance, deps } = flow([], undefined, undefined, () => false);
    await instance.choose('google');
    expect(deps.startSession).not.toHaveBeenCalled();
    expect(englishText(deps.onError.mock.calls[0]![0] as UiMessage)).toBe(
      'Cannot create OAuth session: Device MAC address is missing. Ensure initial setup is complete.',
    );
  });

  it("the provider said yes but the login with its answer fails: 'OAuth login failed. Please try again.' (issue 24)", async () => {
    const { instance, deps } = flow([completed]);
    deps.finish.mockImplementationOnce(() => Promise.reject(new Error('the session could not start')));
    await instance.choose('google');
    await vi.advanceTimersByTimeAsync(2_500);
    expect(englishText(deps.onError.mock.calls[0]![0] as UiMessage)).toBe('OAuth login failed. Please try again.');
    expect(deps.onClose).toHaveBeenCalledTimes(1);
  });
});
