/**
 * Issue 22 item 9, the audit log: `/admin/login` left no line; an anonymous
 * caller could write a console-login line under a made-up staff name; and a
 * failed audit write was swallowed, so the action went through unrecorded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_UNAVAILABLE } from '../../src/server/authority/audit.js';
import { DEMO_STAFF } from '../../src/server/seed/console.js';
import { testingOnPostgres } from '../support/postgres.js';
import { call, messageOf, startCafe, type Cafe } from './support.js';

let cafe: Cafe;

beforeAll(async () => {
  cafe = await startCafe();
}, 60_000);

afterAll(async () => {
  await cafe?.stop();
});

const linesOf = (username: string) =>
  cafe.sql.prepare('select action, status_code from audit_log where staff_username = ? order by at').all(username) as {
    action: string;
    status_code: number;
  }[];

describe('the audit log holds only real actors, and every staff action or none', () => {
  it('POST /admin/login leaves a line, refused or signed in', async () => {
    const wrong = await call(cafe.url, 'POST', '/admin/login', { body: { username: DEMO_STAFF.username, password: 'not-it-1' } });
    expect(wrong.status).toBe(401);
    const right = await call(cafe.url, 'POST', '/admin/login', { body: DEMO_STAFF });
    expect(right.status).toBe(200);
    expect(linesOf(DEMO_STAFF.username).filter((l) => l.action === 'admin.login')).toEqual([
      { action: 'admin.login', status_code: 401 },
      { action: 'admin.login', status_code: 200 },
    ]);
  });

  it('a sign-in attempt under a made-up staff name writes nothing', async () => {
    const reply = await call(cafe.url, 'POST', '/admin/console/login', {
      body: { username: 'ghost-owner', password: 'whatever1' },
      headers: { origin: cafe.url },
    });
    expect(reply.status).toBe(401);
    const admin = await call(cafe.url, 'POST', '/admin/login', { body: { username: 'ghost-owner', password: 'whatever1' } });
    expect(admin.status).toBe(401);
    expect(linesOf('ghost-owner')).toEqual([]);
  });

  it('when the audit line cannot be written the staff action does not happen (503, nothing changed)', async () => {
    const login = await call(cafe.url, 'POST', '/admin/login', { body: DEMO_STAFF });
    const token = (login.body as { accessToken: string }).accessToken;
    if (testingOnPostgres()) cafe.sql.prepare('alter table audit_log add constraint audit_down check (false) not valid').run();
    else cafe.sql.prepare("create trigger audit_down before insert on audit_log begin select raise(abort, 'audit down'); end").run();
    const reply = await call(cafe.url, 'POST', '/admin/customers/ali/disable', { token, body: { reason: 'testing the audit' } });
    expect(reply.status).toBe(503);
    expect(messageOf(reply)).toBe(AUDIT_UNAVAILABLE);
    const ali = cafe.sql.prepare("select disabled_at from users where username = 'ali'").get() as { disabled_at: string | null };
    expect(ali.disabled_at).toBeNull();
  });
});
