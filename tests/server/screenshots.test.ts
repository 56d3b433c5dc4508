/**
 * A station's screen for staff (issue 24): only staff may ask; the asked station's socket is told; only that
 * station may upload, once, an image of the type it says and within the size limit — refused before the body
 * is read when the caller is not the asked station; the console reads it back.
 */
import { describe, expect, it } from 'vitest';
import { adminRequestScreenshot, adminScreenshot, adminScreenshots, SCREENSHOT_MAX_BYTES, SCREENSHOT_WAIT_MS } from '../../src/shared/api/routes.js';
import { ALREADY_TAKEN, NOT_ASKED, TOO_LATE } from '../../src/server/screenshots/service.js';
import { deskConsole } from '../support/console-client.js';
import { connectStation, login, stationCredential } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer();
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);

const upload = (path: string, body: Buffer, headers: Record<string, string> = {}) =>
  fetch(`${t.url}${path}`, { method: 'PUT', headers: { 'content-type': 'image/png', ...headers }, body: new Uint8Array(body) });

async function ask(stationId = 'st-02') {
  const desk = await deskConsole(t.url);
  const reply = await desk.call(adminRequestScreenshot, { params: { stationId } });
  expect(reply.status).toBe(200);
  return { desk, shot: adminRequestScreenshot.response.parse(reply.body) };
}

describe('screenshots', () => {
  it('staff ask, the station is told, uploads once, and the console reads the image back', async () => {
    const station = await connectStation(t.url, 2);
    const { desk, shot } = await ask();
    expect(shot).toMatchObject({ stationId: 'st-02', state: 'requested', requestedBy: 'desk', delivered: true });
    const told = (await station.next('screenshotRequested')) as { id: string; uploadPath: string };
    expect(told.id).toBe(shot.id);
    const first = await upload(told.uploadPath, PNG, { 'x-station-credential': stationCredential(t.url, 2) });
    expect(first.status).toBe(200);
    const again = await upload(told.uploadPath, PNG, { 'x-station-credential': stationCredential(t.url, 2) });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { message: string }).message).toBe(ALREADY_TAKEN);
    const read = adminScreenshot.response.parse((await desk.call(adminScreenshot, { params: { id: shot.id } })).body);
    expect(read).toMatchObject({ state: 'taken', contentType: 'image/png', bytes: PNG.length });
    expect(Buffer.from(read.imageBase64 ?? '', 'base64').equals(PNG)).toBe(true);
    const list = adminScreenshots.response.parse((await desk.call(adminScreenshots, { query: 'stationId=st-02' })).body);
    expect(list.map((s) => s.id)).toEqual([shot.id]);
    station.close();
  });

  it('only staff may ask: a customer’s token and no credential are refused, and nothing is asked', async () => {
    const customer = await login(t.url, 'ali', 'ali12345', 1);
    const asCustomer = await fetch(`${t.url}/admin/stations/st-02/screenshot`, { method: 'POST', headers: { authorization: `Bearer ${customer.accessToken}` } });
    expect(asCustomer.status).toBe(403);
    const anonymous = await fetch(`${t.url}/admin/stations/st-02/screenshot`, { method: 'POST' });
    expect(anonymous.status).toBe(401);
    expect(await t.server.db.selectFrom('station_screenshots').selectAll().execute()).toEqual([]);
  });

  it('another station, or no credential, cannot upload: refused before the body is read, nothing stored', async () => {
    const { desk, shot } = await ask('st-02');
    const path = `/station-screenshots/${shot.id}`;
    const other = await upload(path, PNG, { 'x-station-credential': stationCredential(t.url, 3) });
    expect(other.status).toBe(403);
    expect(((await other.json()) as { message: string }).message).toBe(NOT_ASKED);
    // A huge body from a stranger is refused for who it is, not read (not 413).
    const stranger = await upload(path, Buffer.alloc(SCREENSHOT_MAX_BYTES * 2, 1));
    expect(stranger.status).toBe(401);
    const read = adminScreenshot.response.parse((await desk.call(adminScreenshot, { params: { id: shot.id } })).body);
    expect(read).toMatchObject({ state: 'requested', imageBase64: null });
  });

  it('the asked station is held to the size limit and to a real image of the type it says', async () => {
    const { desk, shot } = await ask('st-02');
    const path = `/station-screenshots/${shot.id}`;
    const credential = { 'x-station-credential': stationCredential(t.url, 2) };
    expect((await upload(path, Buffer.concat([PNG, Buffer.alloc(SCREENSHOT_MAX_BYTES)]), credential)).status).toBe(413);
    expect((await upload(path, Buffer.from('not an image at all'), credential)).status).toBe(400);
    expect((await upload(path, PNG, { ...credential, 'content-type': 'text/plain' })).status).toBe(415);
    const read = adminScreenshot.response.parse((await desk.call(adminScreenshot, { params: { id: shot.id } })).body);
    expect(read.state).toBe('requested');
  });

  it('a request that waited too long is refused (410) and reads expired', async () => {
    const { desk, shot } = await ask('st-02');
    t.clock.advance(SCREENSHOT_WAIT_MS + 1000);
    const late = await upload(`/station-screenshots/${shot.id}`, PNG, { 'x-station-credential': stationCredential(t.url, 2) });
    expect(late.status).toBe(410);
    expect(((await late.json()) as { message: string }).message).toBe(TOO_LATE);
    const read = adminScreenshot.response.parse((await desk.call(adminScreenshot, { params: { id: shot.id } })).body);
    expect(read.state).toBe('expired');
  });
});
