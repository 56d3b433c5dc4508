import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../../src/renderer/core/api/apiError.js';
import { createApiClient } from '../../../../src/renderer/core/api/httpClient.js';
import {
  claimReward,
  currentClientSession,
  gamesWithAccounts,
  login,
  placeOrder,
  playHistory,
  redeemPrepaidWithUsername,
  register,
  stationHeartbeat,
  unlinkNfcCard,
} from '../../../../src/shared/api/routes.js';
import { fakeFetch, type FakeAnswer } from '../../support/fakeFetch.js';

const currentSession = {
  sessionId: 's-1',
  userId: 'u 1',
  stationId: 'st',
  startTime: '2025-06-01T10:00:00.000Z',
  isPrepaid: false,
  remainingMinutes: null,
};

describe('HTTP client (SPEC §7)', () => {
  it('uses the server URL as base, JSON and the Bearer token; fills path params', async () => {
    const { fetch, requests } = fakeFetch(() => ({ body: currentSession }));
    const api = createApiClient({ baseUrl: 'http://page.origin', fetch });
    api.setBaseUrl('http://cafe.local:3000/');
    api.setToken('abc');
    const result = await api.call(currentClientSession, { params: { userId: 'u 1' } });
    expect(result).toEqual(currentSession);
    const request = requests[0]!;
    expect(request.url).toBe('http://cafe.local:3000/client-sessions/current/u%201');
    expect(request.method).toBe('GET');
    expect(request.body).toBeUndefined();
    expect(request.headers.get('Authorization')).toBe('Bearer abc');
    expect(request.headers.get('Accept')).toBe('application/json');
  });

  it('sends no Authorization header without a token, and the JSON body on POST', async () => {
    const { fetch, requests } = fakeFetch(() => ({ body: {} }));
    const api = createApiClient({ baseUrl: 'http://cafe', fetch });
    const body = {
      stationId: 'st',
      ipAddress: '1.2.3.4',
      macAddress: 'AA:BB:CC:DD:EE:FF',
      metadata: { pcName: 'PC', clientVersion: '1.0.0', timestamp: 't' },
    };
    await api.call(stationHeartbeat, { body, validate: false });
    expect(requests[0]!.headers.has('Authorization')).toBe(false);
    expect(requests[0]!.method).toBe('POST');
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json');
    expect(JSON.parse(requests[0]!.body!)).toEqual(body);
  });

  it('sends the query values given, leaving out the ones not set', async () => {
    const { fetch, requests } = fakeFetch(() => ({ body: [] }));
    const api = createApiClient({ baseUrl: 'http://cafe', fetch });
    await api.call(gamesWithAccounts, { query: { includeInUse: 'true' } });
    await api.call(playHistory, { params: { userId: 'u' }, query: { limit: 20 } });
    await api.call(playHistory, { params: { userId: 'u' }, query: { limit: undefined } });
    expect(requests.map((r) => r.url)).toEqual([
      'http://cafe/game-accounts/games-with-accounts?includeInUse=true',
      'http://cafe/game-play-tracking/user/u/history?limit=20',
      'http://cafe/game-play-tracking/user/u/history',
    ]);
  });

  it('turns an HTTP error into an ApiError with status, text and the server message', async () => {
    const { fetch } = fakeFetch(() => ({
      status: 404,
      statusText: 'Not Found',
      body: { statusCode: 404, error: 'Not Found', message: 'No active session' },
    }));
    const api = createApiClient({ baseUrl: 'http://cafe', fetch });
    const error = await api.call(currentClientSession, { params: { userId: 'u' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, statusText: 'Not Found', serverMessage: 'No active session' });
    expect((error as ApiError).describe()).toBe('404 Not Found');
    expect((error as ApiError).kind).toBe('http');
  });

  it("keeps a 429's Retry-After seconds", async () => {
    const { fetch } = fakeFetch(() => ({ status: 429, statusText: 'Too Many Requests', body: { message: 'Slow down' }, headers: { 'Retry-After': '42' } }));
    const error = (await createApiClient({ baseUrl: 'http://cafe', fetch }).call(placeOrder, { body: { offerId: 'o' } }).catch((e: unknown) => e)) as ApiError;
    expect(error).toMatchObject({ kind: 'http', status: 429, serverMessage: 'Slow down', retryAfterSeconds: 42 });
  });

  it('a call with no answer (offline, refused, DNS) is a network error', async () => {
    const fetch = vi.fn<typeof globalThis.fetch>(() => Promise.reject(new TypeError('Failed to fetch')));
    const error = (await createApiClient({ baseUrl: 'http://cafe', fetch }).call(currentClientSession, { params: { userId: 'u' } }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'network', message: 'Network Error', status: undefined });
    expect(error.describe()).toBe('Network Error');
  });

  it('rejects a response that does not match the route schema', async () => {
    const { fetch } = fakeFetch(() => ({ body: { nope: true } }));
    const api = createApiClient({ baseUrl: 'http://cafe', fetch, log: { warn: () => undefined } });
    await expect(api.call(currentClientSession, { params: { userId: 'u' } })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('resolves thumbnails against the server URL', () => {
    const api = createApiClient({ baseUrl: 'http://cafe.local:3000' });
    expect(api.resolveUrl('/cafe-settings/media/a.png')).toBe('http://cafe.local:3000/cafe-settings/media/a.png');
    expect(api.resolveUrl('https://cdn.example/x.jpg')).toBe('https://cdn.example/x.jpg');
  });
});

describe('the 10 s timeout (SPEC §7)', () => {
  /** A server that never answers: the request hangs until its signal aborts it, as fetch does. */
  const silentServer = () =>
    fakeFetch(
      ({ signal }) =>
        new Promise<FakeAnswer>((_resolve, reject) => {
          signal?.addEventListener('abort', () => reject(signal.reason));
        }),
    );

  it('gives every call a 10 s abort signal; when it fires the call fails as a timeout', async () => {
    const asked: number[] = [];
    const clock = new AbortController();
    const { fetch, requests } = silentServer();
    const api = createApiClient({ baseUrl: 'http://cafe', fetch, timeoutSignal: (ms) => (asked.push(ms), clock.signal) });
    const outcome = api.call(currentClientSession, { params: { userId: 'u' } }).then(() => 'answered', (e: unknown) => e);
    await vi.waitFor(() => expect(requests).toHaveLength(1));
    expect(asked).toEqual([10_000]);
    expect(requests[0]!.signal).toBe(clock.signal);
    clock.abort(new DOMException('signal timed out', 'TimeoutError'));
    const error = (await outcome) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'timeout', message: 'timeout of 10000ms exceeded' });
  });

  it("uses the browser's own timeout signal by default", async () => {
    const { fetch, requests } = fakeFetch(() => ({ body: currentSession }));
    await createApiClient({ baseUrl: 'http://cafe', fetch }).call(currentClientSession, { params: { userId: 'u' } });
    expect(requests[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(requests[0]!.signal!.aborted).toBe(false);
  });
});

describe('answers as the SPEC allows them (issue 24)', () => {
  const answering = (status: number, data: unknown) =>
    createApiClient({ baseUrl: 'http://cafe', fetch: fakeFetch(() => ({ status, body: data })).fetch, log: { warn: () => undefined } });

  it('a 200 with success:false is a refusal carrying the server message, never a success', async () => {
    const api = answering(200, { success: false, message: 'Card already used' });
    const failure = await api.call(redeemPrepaidWithUsername, { body: { code: 'RC-1', username: 'ali' } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).serverMessage).toBe('Card already used');
    expect((failure as ApiError).status).toBe(200);
  });

  it('a success:false with only an error text refuses with that text', async () => {
    const api = answering(200, { success: false, error: 'Username taken' });
    const failure = (await api.call(register, { body: { username: 'a', password: 'secret1', macAddress: 'm' } }).catch((e: unknown) => e)) as ApiError;
    expect(failure.serverMessage).toBe('Username taken');
  });

  it.each([
    ['a 204 with no body', 204, undefined],
    ['an empty body', 200, ''],
    ['a bare {message}', 200, { message: 'Done' }],
  ])('where the SPEC shows no answer, %s is a success', async (_name, status, data) => {
    const api = answering(status, data);
    await expect(api.call(placeOrder, { body: { offerId: 'o' } })).resolves.toMatchObject({ success: true });
    await expect(api.call(unlinkNfcCard, { params: { id: 7 as unknown as string } })).resolves.toMatchObject({ success: true });
    await expect(api.call(claimReward, { body: { rewardId: 'r' } })).resolves.toMatchObject({ success: true });
  });

  it('a 2xx body that is not JSON is an invalid response, not a crash', async () => {
    await expect(answering(200, '<html>proxy</html>').call(currentClientSession, { params: { userId: 'u' } })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });

  it('an error status with an HTML page for a body still carries its status', async () => {
    const failure = (await answering(502, '<html>Bad gateway</html>').call(placeOrder, { body: { offerId: 'o' } }).catch((e: unknown) => e)) as ApiError;
    expect(failure).toMatchObject({ kind: 'http', status: 502, serverMessage: undefined });
  });

  it('where the SPEC shows an answer, an empty body is still an invalid response', async () => {
    await expect(answering(200, '').call(login, { body: { username: 'a', password: 'b', macAddress: 'm' } })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });
});
