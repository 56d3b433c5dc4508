/**
 * Issue 22, item 4: anyone could make the server hold 64 MiB bodies. The media
 * parser (png/mp4/webm, 64 MiB) sat on the root instance, so every open route
 * read such a body into memory before any authentication or budget. Now the
 * upload parser lives only on the two staff upload routes and runs after the
 * caller is authenticated as the owner; every other route takes a small body.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminToken, call, startCafe, type Cafe } from './support.js';

/** Sends the headers and the first chunk only, and resolves with the status if the server answers before the rest is sent. */
function answersBeforeTheBody(url: string, path: string, headers: Record<string, string>, declaredBytes: number): Promise<number | 'waited for the body'> {
  const target = new URL(path, url);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { hostname: target.hostname, port: target.port, path: target.pathname, method: 'PUT', headers: { ...headers, 'content-length': String(declaredBytes) } },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
        req.destroy();
      },
    );
    req.on('error', (error) => (req.destroyed ? undefined : reject(error)));
    req.write(Buffer.alloc(64 * 1024, 1));
    // The rest of the body never comes: a server that reads it before deciding never answers.
    setTimeout(() => {
      resolve('waited for the body');
      req.destroy();
    }, 10_000);
  });
}

describe('attack: make the server hold big bodies', () => {
  let cafe: Cafe;

  beforeAll(async () => {
    cafe = await startCafe();
  });
  afterAll(() => cafe?.stop());

  it('an open route refuses a media body outright (415) and a big JSON body (413)', async () => {
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(3 * 1024 * 1024)]);
    for (const [path, type] of [['/auth/client/login', 'image/png'], ['/station-heartbeat', 'video/mp4'], ['/auth/client/register', 'video/webm']] as const) {
      const reply = await fetch(`${cafe.url}${path}`, { method: 'POST', headers: { 'content-type': type }, body: png });
      expect(reply.status, path).toBe(415);
    }
    const big = JSON.stringify({ username: 'ali', password: 'x'.repeat(200 * 1024) });
    const reply = await fetch(`${cafe.url}/auth/client/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: big });
    expect(reply.status).toBe(413);
  });

  it('the upload routes refuse a stranger, and a customer, before reading the body', async () => {
    const login = await call(cafe.url, 'POST', '/auth/client/login', { body: { username: 'ali', password: 'ali12345' } });
    const customer = (login.body as { accessToken?: string }).accessToken;
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }, ...(customer ? [{ authorization: `Bearer ${customer}` }] : [])]) {
      const status = await answersBeforeTheBody(cafe.url, '/admin/media/background-video', { ...headers, 'content-type': 'video/mp4' }, 40 * 1024 * 1024);
      expect(status, JSON.stringify(headers)).toBe(401);
    }
  });

  it('the owner still uploads a logo', async () => {
    const admin = await adminToken(cafe.url);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(100 * 1024)]);
    const reply = await fetch(`${cafe.url}/admin/media/logo`, { method: 'PUT', headers: { authorization: `Bearer ${admin}`, 'content-type': 'image/png' }, body: png });
    // No media folder in this cafe: the file was read and checked, then refused for want of a folder.
    expect(reply.status).toBe(409);
  });
});
