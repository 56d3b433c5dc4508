/**
 * Issue 22, item 9: reads of secrets left no audit line. A staff member could
 * list a prepaid batch's cards, read the outbox's reset links and codes, or
 * open any customer's details, and nobody would ever know. Each such read now
 * writes one audit line — who, what, when — before it is answered (no line,
 * no answer), and the line never holds what was read.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AUDIT_UNAVAILABLE } from '../../src/server/authority/audit.js';
import { testingOnPostgres } from '../support/postgres.js';
import { adminToken, call, messageOf, startCafe, type Cafe } from './support.js';

interface Line {
  staff_username: string;
  action: string;
  customer: string | null;
  target: string | null;
  status_code: number;
  detail: string;
  facts: string;
  at: string;
}

describe('attack: reading secrets leaves no trace', () => {
  let cafe: Cafe;
  let admin: string;

  beforeAll(async () => {
    cafe = await startCafe();
    admin = await adminToken(cafe.url);
  });
  afterAll(() => cafe?.stop());

  const linesOf = (action: string) => cafe.sql.prepare('select * from audit_log where action = ? order by at').all(action) as Line[];
  /** The lines of an action once their outcome is written (the line is begun before the answer, finished after it). */
  const finishedLinesOf = async (action: string) => {
    await vi.waitFor(() => expect(linesOf(action).every((l) => l.status_code !== 0)).toBe(true));
    return linesOf(action);
  };

  it('listing a prepaid batch’s cards writes who listed which batch, and none of its codes', async () => {
    const made = await call(cafe.url, 'POST', '/admin/prepaid-batches', { token: admin, body: { count: 2, amount: 5000, label: 'audit' } });
    expect(made.status).toBe(200);
    const { batch, codes } = made.body as { batch: { id: string }; codes: string[] };
    const listed = await call(cafe.url, 'GET', `/admin/prepaid-batches/${batch.id}/cards`, { token: admin });
    expect(listed.status).toBe(200);
    const hints = (listed.body as Array<{ hint: string }>).map((card) => card.hint);

    const [line, ...more] = await finishedLinesOf('GET /admin/prepaid-batches/:id/cards');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ staff_username: 'admin', target: batch.id, status_code: 200 });
    expect(Date.parse(line!.at)).not.toBeNaN();
    expect(JSON.parse(line!.facts)).toMatchObject({ verb: 'readPrepaidCards', actor: 'admin', target: batch.id });
    for (const secret of [...codes, ...hints]) expect(JSON.stringify(line)).not.toContain(secret);
  });

  it('reading the outbox writes a line, and never the reset link it read', async () => {
    expect((await call(cafe.url, 'POST', '/auth/client/forgot-password', { body: { email: 'ali@example.com' } })).status).toBe(200);
    const read = await call(cafe.url, 'GET', '/admin/outbox', { token: admin });
    expect(read.status).toBe(200);
    const mail = (read.body as Array<{ body: string }>).find((m) => m.body.includes('token='));
    const link = /token=([^\s&"]+)/.exec(mail!.body)![1]!;

    const [line, ...more] = await finishedLinesOf('GET /admin/outbox');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ staff_username: 'admin', status_code: 200 });
    expect(JSON.parse(line!.facts)).toMatchObject({ verb: 'readOutbox', actor: 'admin' });
    expect(JSON.stringify(line)).not.toContain(link);
  });

  it('opening a customer’s details writes who opened whose, and none of the details', async () => {
    const read = await call(cafe.url, 'GET', '/admin/customers/ali', { token: admin });
    expect(read.status).toBe(200);
    const [line, ...more] = await finishedLinesOf('GET /admin/customers/:username');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ staff_username: 'admin', customer: 'ali', status_code: 200 });
    expect(JSON.parse(line!.facts)).toMatchObject({ verb: 'readCustomer', actor: 'admin', target: 'ali' });
    expect(JSON.stringify(line)).not.toContain('ali@example.com');
  });

  it('searching the customers writes who searched for what, and none of the details found', async () => {
    const found = await call(cafe.url, 'GET', '/admin/customers?q=ali', { token: admin });
    expect(found.status).toBe(200);
    expect(JSON.stringify(found.body)).toContain('ali@example.com');
    const [line, ...more] = await finishedLinesOf('GET /admin/customers');
    expect(more).toEqual([]);
    expect(line).toMatchObject({ staff_username: 'admin', status_code: 200 });
    expect(JSON.parse(line!.facts)).toMatchObject({ verb: 'searchCustomers', actor: 'admin', target: 'ali' });
    expect(JSON.stringify(line)).not.toContain('ali@example.com');
  });

  it('a refused read is written too, and when no line can be written nothing is answered', async () => {
    const missing = await call(cafe.url, 'GET', '/admin/customers/nobody-here', { token: admin });
    expect(missing.status).toBe(404);
    expect((await finishedLinesOf('GET /admin/customers/:username')).map((l) => [l.customer, l.status_code])).toContainEqual(['nobody-here', 404]);

    if (testingOnPostgres()) cafe.sql.prepare('alter table audit_log add constraint audit_down check (false) not valid').run();
    else cafe.sql.prepare("create trigger audit_down before insert on audit_log begin select raise(abort, 'audit down'); end").run();
    const reply = await call(cafe.url, 'GET', '/admin/outbox', { token: admin });
    expect(reply.status).toBe(503);
    expect(messageOf(reply)).toBe(AUDIT_UNAVAILABLE);
    expect(JSON.stringify(reply.body)).not.toContain('token=');
  });
});
