import { describe, expect, it } from 'vitest';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import { ApiError } from '../../../../src/renderer/core/api/apiError.js';
import { createApiClient } from '../../../../src/renderer/core/api/httpClient.js';
import {
  claimReward,
  currentClientSession,
  login,
  placeOrder,
  redeemPrepaidWithUsername,
  register,
  stationHeartbeat,
  unlinkNfcCard,
} from '../../../../src/shared/api/routes.js';

function recordingAdapter(respond: (config: InternalAxiosRequestConfig) => { status: number; data: unknown }) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const { status, data } = respond(config);
    const response = { status, statusText: status === 200 ? 'OK' : 'Not Found', data, headers: {}, config };
    if (status >= 400) {
      throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
    }
    return response;
  };
  return { adapter, requests };
}

const currentSession = {
  sessionId: 's-1',
  userId: 'u 1',
  stationId: 'st',
  startTime: '2025-06-01T10:00:00.000Z',
  isPrepaid: false,
  remainingMinutes: null,
};

describe('HTTP client (SPEC §7)', () => {
  it('uses the server URL as base, a 10 s timeout, JSON and the Bearer token; fills path params', async () => {
    const { adapter, requests } = recordingAdapter(() => ({ status: 200, data: currentSession }));
    const api = createApiClient({ baseUrl: 'http://page.origin', adapter });
    api.setBaseUrl('http://cafe.local:3000');
    api.setToken('abc');
    const result = await api.call(currentClientSession, { params: { userId: 'u 1' } });
    expect(result).toEqual(currentSession);
    const request = requests[0]!;
    expect(request.baseURL).toBe('http://cafe.local:3000');
    expect(request.url).toBe('/client-sessions/current/u%201');
    expect(request.method).toBe('get');
    expect(request.timeout).toBe(10_000);
    expect(request.headers.get('Authorization')).toBe('Bearer abc');
    expect(String(request.headers.get('Content-Type'))).toContain('application/json');
  });

  it('sends no Authorization header without a token, and the JSON body on POST', async () => {
    const { adapter, requests } = recordingAdapter(() => ({ status: 200, data: {} }));
    const api = createApiClient({ baseUrl: 'http://cafe', adapter });
    const body = {
      stationId: 'st',
      ipAddress: '1.2.3.4',
      macAddress: 'AA:BB:CC:DD:EE:FF',
      metadata: { pcName: 'PC', clientVersion: '1.0.0', timestamp: 't' },
    };
    await api.call(stationHeartbeat, { body, validate: false });
    expect(requests[0]!.headers.get('Authorization')).toBeFalsy();
    expect(JSON.parse(String(requests[0]!.data))).toEqual(body);
  });

  it('turns an HTTP error into an ApiError with status, text and the server message', async () => {
    const { adapter } = recordingAdapter(() => ({
      status: 404,
      data: { statusCode: 404, error: 'Not Found', message: 'No active session' },
    }));
    const api = createApiClient({ baseUrl: 'http://cafe', adapter });
    const error = await api.call(currentClientSession, { params: { userId: 'u' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, statusText: 'Not Found', serverMessage: 'No active session' });
    expect((error as ApiError).describe()).toBe('404 Not Found');
  });

  it('rejects a response that does not match the route schema', async () => {
    const { adapter } = recordingAdapter(() => ({ status: 200, data: { nope: true } }));
    const api = createApiClient({ baseUrl: 'http://cafe', adapter, log: { warn: () => undefined } });
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

describe('answers as the SPEC allows them (issue 24)', () => {
  const answering = (status: number, data: unknown) =>
    createApiClient({ baseUrl: 'http://cafe', adapter: recordingAdapter(() => ({ status, data })).adapter, log: { warn: () => undefined } });

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

  it('where the SPEC shows an answer, an empty body is still an invalid response', async () => {
    await expect(answering(200, '').call(login, { body: { username: 'a', password: 'b', macAddress: 'm' } })).rejects.toMatchObject({
      kind: 'invalid-response',
    });
  });
});
