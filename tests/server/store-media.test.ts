import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mediaBackgroundVideo, mediaLogo } from '../../src/shared/api/routes.js';
import { MEDIA_UPLOAD_LIMITS } from '../../src/shared/api/admin-store.js';
import { connectStation, ok, settle } from './support/harness.js';
import { useServer } from './support/server.js';
import { customerAt } from './store-fixtures.js';

const mediaDir = mkdtempSync(join(tmpdir(), 'spawnpoint-media-'));
afterAll(() => rmSync(mediaDir, { recursive: true, force: true }));
const t = useServer({ admin: true, server: { mediaDir } });

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('rest of a png')]);
const MP4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(16)]);
const WEBM = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(16)]);

/** token '' sends none. */
function upload(path: string, body: Buffer | string, contentType: string | undefined, token = t.admin) {
  const headers: Record<string, string> = {};
  if (contentType) headers['content-type'] = contentType;
  if (token) headers.authorization = `Bearer ${token}`;
  return fetch(`${t.url}${path}`, { method: 'PUT', headers, body: typeof body === 'string' ? body : new Uint8Array(body) });
}

describe('staff replace the logo and the background video', () => {
  it('stores the logo, serves it, and tells every station mediaUpdated {type: logo}', async () => {
    const st1 = await connectStation(t.url, 1);
    const st2 = await customerAt(t.url, 2, 'ali', 'ali12345');
    const res = await upload('/admin/media/logo', PNG, 'image/png');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, type: 'logo', filename: 'logo.png', bytes: PNG.length });
    expect(await st1.next('mediaUpdated')).toEqual({ type: 'logo' });
    expect(await st2.socket.next('mediaUpdated')).toEqual({ type: 'logo' });

    const logo = await ok(t.url, mediaLogo, { token: st2.token });
    expect(logo.logo).toMatchObject({ isActive: true, filename: 'logo.png' });
    const file = await fetch(`${t.url}${logo.logo?.downloadUrl ?? ''}`);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it('keeps one background video: a webm replaces an mp4, and stations hear background_video', async () => {
    const st1 = await connectStation(t.url, 1);
    expect((await upload('/admin/media/background-video', MP4, 'video/mp4')).status).toBe(200);
    expect(await st1.next('mediaUpdated')).toEqual({ type: 'background_video' });
    expect((await ok(t.url, mediaBackgroundVideo)).video).toMatchObject({ filename: 'background.mp4', mimeType: 'video/mp4' });

    expect((await upload('/admin/media/background-video', WEBM, 'video/webm; codecs=vp9')).status).toBe(200);
    expect(await st1.next('mediaUpdated')).toEqual({ type: 'background_video' });
    expect((await ok(t.url, mediaBackgroundVideo)).video).toMatchObject({ filename: 'background.webm', mimeType: 'video/webm' });
    expect(existsSync(join(mediaDir, 'background.mp4'))).toBe(false);
  });

  it.each([
    ['a video as the logo', '/admin/media/logo', MP4, 'video/mp4', 415],
    ['a logo with no content type', '/admin/media/logo', PNG, undefined, 415],
    ['a logo as text', '/admin/media/logo', 'hello', 'text/plain', 415],
    ['JSON instead of a file', '/admin/media/logo', '{"x":1}', 'application/json', 415],
    ['a PNG that is not one', '/admin/media/logo', Buffer.from('GIF89a not a png'), 'image/png', 400],
    ['an empty video', '/admin/media/background-video', Buffer.alloc(0), 'video/mp4', 400],
    ['a logo over its bound', '/admin/media/logo', Buffer.concat([PNG, Buffer.alloc(MEDIA_UPLOAD_LIMITS.logo)]), 'image/png', 413],
  ])('refuses %s with a message, changes nothing and tells no station', async (_name, path, body, type, status) => {
    writeFileSync(join(mediaDir, 'logo.png'), PNG);
    const st1 = await connectStation(t.url, 1);
    const res = await upload(path, body, type);
    expect(res.status).toBe(status);
    expect(((await res.json()) as { message: string }).message.length).toBeGreaterThan(0);
    expect(readFileSync(join(mediaDir, 'logo.png')).equals(PNG)).toBe(true);
    await settle();
    expect(st1.count('mediaUpdated')).toBe(0);
  });

  it('is staff only', async () => {
    const ali = await customerAt(t.url, 1, 'ali', 'ali12345');
    expect((await upload('/admin/media/logo', PNG, 'image/png', ali.token)).status).toBe(403);
    expect((await upload('/admin/media/logo', PNG, 'image/png', '')).status).toBe(401);
    await settle();
    expect(ali.socket.count('mediaUpdated')).toBe(0);
  });
});
