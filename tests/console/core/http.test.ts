/** The console's HTTP client: CSRF on state-changing calls, answers parsed, errors in the server's words, a 401 signs out, uploads. */
import { describe, expect, it, vi } from 'vitest';
import { adminUploadLogo } from '../../../src/shared/api/admin-store.js';
import { consoleLogin, openShift } from '../../../src/shared/api/console.js';
import { adminServiceCalls } from '../../../src/shared/api/admin-store.js';
import { adminSetStationGroup } from '../../../src/shared/api/admin-catalogue.js';
import { createHttp } from '../../../src/console/core/http.js';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('console http', () => {
  it('sends the CSRF token on state-changing calls only, and parses answers', async () => {
    const fetcher = vi.fn(async (_url: string | URL | Request, _init?: RequestInit) => json({ status: 'totp_required' }));
    const http = createHttp('', fetcher as unknown as typeof fetch);
    http.setCsrf('tok');
    await http.call(consoleLogin, { body: { username: 'a', password: 'b' } });
    expect((fetcher.mock.calls[0]?.[1]?.headers as Record<string, string>)['x-csrf-token']).toBe('tok');
    fetcher.mockResolvedValueOnce(new Response('[]', { status: 200 }));
    await http.call(adminServiceCalls);
    expect((fetcher.mock.calls[1]?.[1]?.headers as Record<string, string>)['x-csrf-token']).toBeUndefined();
    expect(fetcher.mock.calls[1]?.[1]?.credentials).toBe('same-origin');
  });

  it('turns an error into its message and tells when the session ended', async () => {
    const fetcher = vi.fn(async () => json({ statusCode: 401, error: 'Unauthorized', message: 'Your console session has ended: sign in again.' }, 401));
    const http = createHttp('', fetcher as unknown as typeof fetch);
    const signedOut = vi.fn();
    http.onSignedOut(signedOut);
    await expect(http.call(openShift, { body: { openingFloat: 1 } })).rejects.toThrow('Your console session has ended');
    expect(signedOut).toHaveBeenCalledOnce();
  });

  it('a refusal other than 401 does not sign out, and success:false is a failure with the server’s words', async () => {
    const fetcher = vi.fn(async () => json({ statusCode: 403, error: 'Forbidden', message: 'Owners only.' }, 403));
    const http = createHttp('', fetcher as unknown as typeof fetch);
    const signedOut = vi.fn();
    http.onSignedOut(signedOut);
    await expect(http.call(openShift, { body: { openingFloat: 1 } })).rejects.toMatchObject({ status: 403, message: 'Owners only.' });
    fetcher.mockResolvedValueOnce(json({ success: false, message: 'No such group' }));
    await expect(http.call(adminSetStationGroup, { params: { stationId: 'st-01' }, body: { groupId: 'x' } })).rejects.toMatchObject({ kind: 'refused', message: 'No such group' });
    expect(signedOut).not.toHaveBeenCalled();
  });

  it('uploads a file as the raw body with its type and the CSRF header', async () => {
    const fetcher = vi.fn(async () => json({ success: true, type: 'logo', filename: 'logo.png', bytes: 3 }));
    const http = createHttp('', fetcher as unknown as typeof fetch);
    http.setCsrf('tok');
    const answer = await http.upload(adminUploadLogo, new Blob([new Uint8Array([1, 2, 3])]), 'image/png');
    expect(answer.filename).toBe('logo.png');
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/admin/media/logo');
    expect(init.method).toBe('PUT');
    expect(init.headers).toMatchObject({ 'content-type': 'image/png', 'x-csrf-token': 'tok' });
  });
});
