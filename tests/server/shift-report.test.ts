/**
 * The shift report does not mislead an owner (issue 23): sessions are those started in the shift (a customer still
 * playing counts; it read "Sessions 0" beside play consumed), and prepaid cards are counted as cards, including those
 * sold while no shift was open that the shift adopted (it counted sale lines: two cards sold at once read "(1)").
 */
import { describe, expect, it } from 'vitest';
import { adminCreatePrepaidBatch, closeShift, currentShift, openShift, sellPrepaidCard, shiftReport } from '../../src/shared/api/routes.js';
import { deskConsole, ownerConsole } from '../support/console-client.js';
import { login } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

describe('the shift report counts what an owner reads', () => {
  it('a session started in the shift counts while it runs; one ended before the shift does not', async () => {
    const desk = await deskConsole(t.url);
    await login(t.url, 'ali', 'ali12345', 1);
    await t.clock.advance(60_000);
    expect((await desk.call(openShift, { body: { openingFloat: 10_000 } })).status).toBe(200);
    const shift = currentShift.response.parse((await desk.call(currentShift)).body).shift!;
    const before = shiftReport.response.parse((await desk.call(shiftReport, { params: { id: shift.id } })).body);
    // ali began before the shift opened: not the shift's session.
    expect(before.sessions).toBe(0);
    await t.clock.advance(60_000);
    await login(t.url, 'sara', 'sara12345', 2);
    const playing = shiftReport.response.parse((await desk.call(shiftReport, { params: { id: shift.id } })).body);
    expect(playing.sessions).toBe(1);
  });

  it('cards, not sales: two cards sold in one sale and one adopted from between shifts make three', async () => {
    const owner = await ownerConsole(t.url, t.clock.now());
    const desk = await deskConsole(t.url);
    // A first shift, closed: what it sold is not the next one's.
    await desk.call(openShift, { body: { openingFloat: 0 } });
    const early = adminCreatePrepaidBatch.response.parse((await owner.call(adminCreatePrepaidBatch, { body: { count: 1, amount: 1000, soldFor: 'cash' } })).body);
    expect(early.sold?.count).toBe(1);
    await t.clock.advance(60_000);
    expect((await desk.call(closeShift, { body: { countedCash: 1000 } })).status).toBe(200);
    await t.clock.advance(60_000);
    // Sold while no shift is open: the next shift adopts it.
    const printed = adminCreatePrepaidBatch.response.parse((await owner.call(adminCreatePrepaidBatch, { body: { count: 1, amount: 5000 } })).body);
    expect((await desk.call(sellPrepaidCard, { body: { code: printed.codes[0]!, method: 'cash', amount: 5000 } })).status).toBe(200);
    await t.clock.advance(60_000);
    await desk.call(openShift, { body: { openingFloat: 0 } });
    const shift = currentShift.response.parse((await desk.call(currentShift)).body).shift!;
    await t.clock.advance(60_000);
    const two = await owner.call(adminCreatePrepaidBatch, { body: { count: 2, amount: 5000, soldFor: 'cash' } });
    expect(two.status).toBe(200);
    const report = shiftReport.response.parse((await desk.call(shiftReport, { params: { id: shift.id } })).body);
    expect(report.prepaid).toEqual({ cash: 15_000, card: 0, count: 3 });
    expect(report.movements).toContainEqual({ kind: 'prepaid_sale', method: 'cash', total: 15_000, count: 2 });
  });
});
