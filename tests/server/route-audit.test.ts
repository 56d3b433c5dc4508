/**
 * A staff action's audit line (src/server/http/route.ts): begun before the
 * action, finished with its outcome once, and finished before the answer
 * leaves the server — on success and when the action throws — so whoever
 * reads the log right after the answer (a console, the owner) never sees a
 * line still 'started' (status 0).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSetPricing, adminTakePackageOrder } from '../../src/shared/api/routes.js';
import type { AuditOutcome, AuditSink } from '../../src/server/authority/audit.js';
import { emptyPriceList, type PriceList } from '../../src/shared/pricing/index.js';
import { api } from './support/harness.js';
import { useServer } from './support/server.js';

const t = useServer({ admin: true });

/** What happened, in order: each line finished (its outcome written) and each answer's head leaving the server. */
let events: string[];
let finishes: AuditOutcome[];

beforeEach(() => {
  events = [];
  finishes = [];
  // Every finish of every line, counted and marked once its outcome is written.
  const sink: AuditSink = t.server.context.audit;
  const begin = sink.begin.bind(sink);
  vi.spyOn(sink, 'begin').mockImplementation(async (entry) => {
    const pending = await begin(entry);
    return {
      async finish(outcome) {
        finishes.push(outcome);
        await pending.finish(outcome);
        events.push(`finished ${outcome.statusCode}`);
      },
    };
  });
  // The moment the answer leaves: its status line and headers are written.
  t.server.app.server.on('request', onRequest);
});

afterEach(() => {
  t.server.app.server.off('request', onRequest);
  vi.restoreAllMocks();
});

function onRequest(_req: IncomingMessage, res: ServerResponse): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    events.push(`answer ${String(args[0])}`);
    return writeHead(...args);
  }) as typeof res.writeHead;
}

async function lineOf(action: string) {
  return t.server.db.selectFrom('audit_log').select(['status_code', 'detail']).where('action', '=', action).execute();
}

const LIST: PriceList = {
  ...emptyPriceList(),
  timePackages: [{ id: 'three-hours', name: '3 hours', minutes: 180, price: 4000, groupIds: null, validDays: 30, active: true }],
};

describe('a staff action’s audit line is finished before its answer, once', () => {
  it('on success: the line holds the outcome when the answer arrives; finished once, then answered', async () => {
    const res = await api(t.url, adminSetPricing.method, adminSetPricing.path, { body: LIST, token: t.admin });
    expect(res.status).toBe(200);
    // Read at once: the line is complete.
    expect((await lineOf('PUT /admin/pricing')).map((l) => l.status_code)).toEqual([200]);
    expect(finishes).toHaveLength(1);
    expect(finishes[0]).toMatchObject({ statusCode: 200 });
    expect(events).toEqual(['finished 200', 'answer 200']);
  });

  it('when the action throws (a refused price list: 400): the line holds the error when the answer arrives; finished once, then answered', async () => {
    const bad: PriceList = { ...LIST, timePackages: [{ ...LIST.timePackages[0]!, minutes: 0 }] };
    const res = await api(t.url, adminSetPricing.method, adminSetPricing.path, { body: bad, token: t.admin });
    expect(res.status).toBe(400);
    const message = (res.body as { message: string }).message;
    const [line, ...more] = await lineOf('PUT /admin/pricing');
    expect(more).toEqual([]);
    expect(line!.status_code).toBe(400);
    expect(JSON.parse(line!.detail!)).toMatchObject({ error: message.slice(0, 300) });
    expect(finishes).toEqual([{ statusCode: 400, error: message }]);
    expect(events).toEqual(['finished 400', 'answer 400']);
  });

  it('when the action throws (an order that does not exist: 404): the same', async () => {
    const res = await api(t.url, 'POST', adminTakePackageOrder.path.replace(':id', '987654'), { body: {}, token: t.admin });
    expect(res.status).toBe(404);
    expect((await lineOf('POST /admin/package-orders/:id/acknowledge')).map((l) => l.status_code)).toEqual([404]);
    expect(finishes).toHaveLength(1);
    expect(finishes[0]).toMatchObject({ statusCode: 404, error: (res.body as { message: string }).message });
    expect(events).toEqual(['finished 404', 'answer 404']);
  });
});
