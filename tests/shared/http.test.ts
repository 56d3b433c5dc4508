/** The transport-neutral route caller: requests built from descriptors, every failure one RouteError with the server's words. */
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createRouteCaller, readAnswer, RouteError, routeUrl, serverMessageOf, type RouteAnswer, type RouteRequest } from '../../src/shared/api/http.js';
import { route } from '../../src/shared/api/route.js';

const getThing = route({ method: 'GET', path: '/things/:id', auth: 'admin', params: z.object({ id: z.string() }), response: z.object({ name: z.string() }) });
const saveThing = route({ method: 'POST', path: '/things', auth: 'admin', body: z.object({ name: z.string() }), response: z.object({ success: z.boolean(), message: z.string().optional() }) });

function caller(answer: RouteAnswer | ((req: RouteRequest) => Promise<RouteAnswer>), extra: Parameters<typeof createRouteCaller>[0] extends infer O ? Partial<O> : never = {}) {
  const sent: RouteRequest[] = [];
  const send = vi.fn(async (req: RouteRequest) => {
    sent.push(req);
    return typeof answer === 'function' ? answer(req) : answer;
  });
  return { http: createRouteCaller({ send, ...extra }), sent };
}

describe('route caller', () => {
  it('fills and encodes the path, leaves out empty query values, sends JSON with the headers asked for', async () => {
    expect(routeUrl(getThing, { params: { id: 'a/b' }, query: { q: 'ali', page: 2, empty: '', none: undefined } })).toBe('/things/a%2Fb?q=ali&page=2');
    const { http, sent } = caller({ status: 200, body: { success: true } }, { headers: (method) => (method === 'GET' ? {} : { 'x-csrf-token': 't' }) });
    await http.call(saveThing, { body: { name: 'x' } });
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/things', body: '{"name":"x"}', headers: { 'content-type': 'application/json', 'x-csrf-token': 't', accept: 'application/json' } });
  });

  it('parses the answer with the route schema', async () => {
    const { http } = caller({ status: 200, body: { name: 'PC-01', extra: 1 } });
    await expect(http.call(getThing, { params: { id: '1' } })).resolves.toEqual({ name: 'PC-01' });
  });

  it('an HTTP error carries the status, the server message and Retry-After', async () => {
    const { http } = caller({ status: 429, body: { statusCode: 429, error: 'Too Many Requests', message: 'Slow down.' }, header: (n) => (n === 'retry-after' ? '7' : null) });
    const error = await http.call(getThing, { params: { id: '1' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RouteError);
    expect(error).toMatchObject({ kind: 'http', status: 429, message: 'Slow down.', serverMessage: 'Slow down.', retryAfterSeconds: 7, route: 'GET /things/:id' });
  });

  it('an error without a readable body reads as its status', async () => {
    const { http } = caller({ status: 502, body: null });
    await expect(http.call(getThing, { params: { id: '1' } })).rejects.toMatchObject({ kind: 'http', status: 502, message: 'HTTP 502' });
  });

  it('a 200 saying success:false is a failure in the server’s words, unless the call reads it as data', async () => {
    const { http } = caller({ status: 200, body: { success: false, message: 'Card already used' } });
    await expect(http.call(saveThing, { body: { name: 'x' } })).rejects.toMatchObject({ kind: 'refused', message: 'Card already used' });
    await expect(http.call(saveThing, { body: { name: 'x' }, refusalIsData: true })).resolves.toEqual({ success: false, message: 'Card already used' });
  });

  it('no answer is a network error; an answer the schema refuses is invalid-response; both reach onError', async () => {
    const onError = vi.fn();
    const down = caller(async () => Promise.reject(new TypeError('Failed to fetch')), { onError });
    await expect(down.http.call(getThing, { params: { id: '1' } })).rejects.toMatchObject({ kind: 'network', message: 'Failed to fetch' });
    const odd = caller({ status: 200, body: { nom: 'x' } }, { onError });
    await expect(odd.http.call(getThing, { params: { id: '1' } })).rejects.toMatchObject({ kind: 'invalid-response' });
    expect(onError.mock.calls.map(([e]) => (e as RouteError).kind)).toEqual(['network', 'invalid-response']);
  });

  it('reads the server message from message, else error', () => {
    expect(serverMessageOf({ message: 'm', error: 'e' })).toBe('m');
    expect(serverMessageOf({ error: 'e' })).toBe('e');
    expect(serverMessageOf({ message: '  ' })).toBeUndefined();
    expect(serverMessageOf('text')).toBeUndefined();
    expect(() => readAnswer(getThing, { status: 404, body: { error: 'Not Found' } })).toThrow('Not Found');
  });
});
