/**
 * The shell's half of a station's screenshot (issue 24): capture → check → upload with the station credential →
 * outcome, with a fake capture and a real local HTTP server; then the whole path against the cafe server itself
 * (staff ask, the station's socket is told, the uploader sends, staff read the very bytes).
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { BAD_PATH, BUSY, createScreenshotUploader, DRY_RUN_SCREEN, NOT_AN_IMAGE, NOT_ENROLLED, tooLarge } from '../../src/main/screenshots/screenshot-upload.js';
import { adminRequestScreenshot, adminScreenshot } from '../../src/shared/api/routes.js';
import { deskConsole } from '../support/console-client.js';
import { connectStation, stationCredential } from '../server/support/harness.js';
import { useServer } from '../server/support/server.js';

const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 1)]);

interface Seen {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

/** A local HTTP server that records each request and answers `status` with `body`. */
async function fakeCafe(status = 200, body: unknown = { success: true }) {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

const uploader = (serverUrl: string, capture: () => Promise<{ bytes: Uint8Array; path?: string }>, over: { credential?: string | undefined; maxBytes?: number } = {}) => {
  const lines: string[] = [];
  const up = createScreenshotUploader({
    serverUrl,
    credential: async () => ('credential' in over ? over.credential : 'sc_secret'),
    capture,
    log: (line) => lines.push(line),
    ...(over.maxBytes ? { maxBytes: over.maxBytes } : {}),
  });
  return { up, lines };
};

describe('createScreenshotUploader', () => {
  it('captures, uploads the image once with its type and the station credential, and says it was sent', async () => {
    const cafe = await fakeCafe();
    const { up, lines } = uploader(cafe.url, async () => ({ bytes: JPEG, path: 'C:/shots/a.jpg' }));
    expect(await up.take({ id: 'shot_1', uploadPath: '/station-screenshots/shot_1' })).toEqual({ ok: true, id: 'shot_1', bytes: JPEG.length, path: 'C:/shots/a.jpg' });
    expect(cafe.seen).toHaveLength(1);
    expect(cafe.seen[0]).toMatchObject({ method: 'PUT', url: '/station-screenshots/shot_1' });
    expect(cafe.seen[0]?.headers['content-type']).toBe('image/jpeg');
    expect(cafe.seen[0]?.headers['x-station-credential']).toBe('sc_secret');
    expect(cafe.seen[0]?.body.equals(JPEG)).toBe(true);
    expect(lines.join('\n')).not.toContain('sc_secret');
  });

  it('reports the server’s refusal in its words', async () => {
    const cafe = await fakeCafe(410, { message: 'That screenshot request has expired: staff must ask again.' });
    const { up } = uploader(cafe.url, async () => ({ bytes: PNG }));
    expect(await up.take({ id: 'shot_1', uploadPath: '/station-screenshots/shot_1' })).toEqual({
      ok: false,
      id: 'shot_1',
      message: 'The server refused the screenshot (410: That screenshot request has expired: staff must ask again.).',
    });
  });

  it('sends nothing when the capture fails, is not an image, is too large, has no credential or another path', async () => {
    const cafe = await fakeCafe();
    const ask = { id: 'shot_1', uploadPath: '/station-screenshots/shot_1' };
    const failing = uploader(cafe.url, async () => {
      throw new Error('no display');
    });
    expect(await failing.up.take(ask)).toMatchObject({ ok: false, message: 'The screen could not be captured: no display' });
    expect(await uploader(cafe.url, async () => ({ bytes: Buffer.from('hello, not a picture') })).up.take(ask)).toMatchObject({ ok: false, message: NOT_AN_IMAGE });
    expect(await uploader(cafe.url, async () => ({ bytes: PNG }), { maxBytes: 10 }).up.take(ask)).toMatchObject({ ok: false, message: tooLarge(PNG.length, 10) });
    expect(await uploader(cafe.url, async () => ({ bytes: PNG }), { credential: undefined }).up.take(ask)).toMatchObject({ ok: false, message: NOT_ENROLLED });
    for (const uploadPath of ['//evil.example/x', '/admin/stations/st-01', 'http://evil.example/station-screenshots/1', '/station-screenshots/../admin', '/station-screenshots/..']) {
      expect(await uploader(cafe.url, async () => ({ bytes: PNG })).up.take({ id: 'x', uploadPath })).toMatchObject({ ok: false, message: BAD_PATH });
    }
    expect(cafe.seen).toEqual([]);
  });

  it('one at a time: a request while one is being taken is refused, and the next one after it works', async () => {
    const cafe = await fakeCafe();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { up } = uploader(cafe.url, async () => {
      await held;
      return { bytes: PNG };
    });
    const first = up.take({ id: 'a', uploadPath: '/station-screenshots/a' });
    expect(await up.take({ id: 'b', uploadPath: '/station-screenshots/b' })).toEqual({ ok: false, id: 'b', message: BUSY });
    release();
    expect(await first).toMatchObject({ ok: true, id: 'a' });
    expect(await up.take({ id: 'c', uploadPath: '/station-screenshots/c' })).toMatchObject({ ok: true, id: 'c' });
    expect(cafe.seen.map((s) => s.url)).toEqual(['/station-screenshots/a', '/station-screenshots/c']);
  });
});

describe('against the cafe server', () => {
  const t = useServer();

  it('staff ask, the station is told, the uploader sends the capture, staff read the same bytes', async () => {
    const station = await connectStation(t.url, 2);
    const desk = await deskConsole(t.url);
    const asked = adminRequestScreenshot.response.parse((await desk.call(adminRequestScreenshot, { params: { stationId: 'st-02' } })).body);
    const told = await station.next('screenshotRequested');
    const { up } = uploader(t.url, async () => ({ bytes: PNG }), { credential: stationCredential(t.url, 2) });
    expect(await up.take(told)).toMatchObject({ ok: true, id: asked.id, bytes: PNG.length });
    const read = adminScreenshot.response.parse((await desk.call(adminScreenshot, { params: { id: asked.id } })).body);
    expect(read.state).toBe('taken');
    expect(Buffer.from(read.imageBase64 ?? '', 'base64').equals(PNG)).toBe(true);
    station.close();
  });
});

describe('the dry-run screen', () => {
  it('is a real PNG the server takes', async () => {
    const cafe = await fakeCafe();
    const { up } = uploader(cafe.url, async () => ({ bytes: DRY_RUN_SCREEN }));
    expect(await up.take({ id: 's', uploadPath: '/station-screenshots/s' })).toMatchObject({ ok: true, bytes: DRY_RUN_SCREEN.length });
    expect(cafe.seen[0]?.headers['content-type']).toBe('image/png');
    // IHDR: 16 × 9.
    expect([DRY_RUN_SCREEN.readUInt32BE(16), DRY_RUN_SCREEN.readUInt32BE(20)]).toEqual([16, 9]);
  });
});
