/**
 * The CLI decides nothing itself (issue 21): it signs in at the bearer door, which the server decides with the one
 * staff sign-in the console uses (password, staff account, not disabled, the second factor with its lockout, an audit
 * line), and every command then goes through the same authority as every HTTP call and the /staff socket. Before,
 * the CLI never sent a second factor, so an owner with an authenticator could not use it at all.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_DISABLED } from '../../src/shared/api/desk.js';
import { adminStations, staffDisable, staffEnable } from '../../src/shared/api/routes.js';
import { WRONG_CODE } from '../../src/server/authority/sign-in.js';
import { AdminClient, CliError } from '../../src/server/cli/client.js';
import { DEMO_OWNER, DEMO_STAFF } from '../../src/server/seed/console.js';
import { ownerConsole, totpNow } from '../support/console-client.js';
import { useServer } from './support/server.js';

const t = useServer();
const ROOT = new URL('../../', import.meta.url).pathname;

const owner = () => ownerConsole(t.url, t.clock.now());

async function refusal(client: AdminClient): Promise<string> {
  const error = await client.call(adminStations).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return (error as CliError).message;
}

describe('the CLI at the bearer door', () => {
  it("signs the owner in with the authenticator's code, as the console does; a wrong code is refused and audited", async () => {
    const code = totpNow(undefined, t.clock.now());
    const cli = new AdminClient(t.url, { user: DEMO_OWNER.username, password: DEMO_OWNER.password, totp: code });
    expect((await cli.call(adminStations)).map((s) => s.id)).toContain('st-01');

    const wrong = new AdminClient(t.url, { user: DEMO_OWNER.username, password: DEMO_OWNER.password, totp: code === '000000' ? '111111' : '000000' });
    expect(await refusal(wrong)).toBe(`admin sign-in as '${DEMO_OWNER.username}' failed: 401: ${WRONG_CODE}`);
    const lines = await t.server.db
      .selectFrom('audit_log')
      .select(['action', 'via', 'status_code'])
      .where('staff_username', '=', DEMO_OWNER.username)
      .where('action', '=', 'admin.login')
      .execute();
    expect(lines).toEqual(expect.arrayContaining([
      { action: 'admin.login', via: 'bearer', status_code: 200 },
      { action: 'admin.login', via: 'bearer', status_code: 401 },
    ]));
  });

  it("refuses a disabled staff member with the console's words, and a CLI token stops the moment the account is disabled", async () => {
    const o = await owner();
    const cli = new AdminClient(t.url, { user: DEMO_STAFF.username, password: DEMO_STAFF.password });
    expect(await cli.call(adminStations)).not.toHaveLength(0);
    expect((await o.call(staffDisable, { params: { username: DEMO_STAFF.username }, body: { reason: 'left' } })).status).toBe(200);
    try {
      // The token it holds: refused by the authority every route asks.
      expect(await refusal(cli)).toBe(`401: ${ACCOUNT_DISABLED}`);
      // A new sign-in: refused by the one staff sign-in.
      const again = new AdminClient(t.url, { user: DEMO_STAFF.username, password: DEMO_STAFF.password });
      expect(await refusal(again)).toBe(`admin sign-in as '${DEMO_STAFF.username}' failed: 403: ${ACCOUNT_DISABLED}`);
    } finally {
      await o.call(staffEnable, { params: { username: DEMO_STAFF.username } });
    }
  });

  it('as a process: with no code to give it stops and says how to give one; a code on the command line is refused', async () => {
    const run = async (args: string[], env: NodeJS.ProcessEnv) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/cli/cafe.ts', ...args], {
        cwd: ROOT,
        env: { ...process.env, SPAWNPOINT_ADMIN_TOTP: '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      const [code] = (await once(child, 'exit')) as [number | null];
      return { code, stderr };
    };
    const env = { SPAWNPOINT_ADMIN_USER: DEMO_OWNER.username, SPAWNPOINT_ADMIN_PASSWORD: DEMO_OWNER.password };
    const none = await run(['stations', '--server', t.url], env);
    expect(none.code).toBe(1);
    expect(none.stderr).toMatch(/two-step sign-in: set SPAWNPOINT_ADMIN_TOTP/);
    const flag = await run(['stations', '--server', t.url, '--totp', '123456'], env);
    expect(flag.code).toBe(2);
    expect(flag.stderr).toMatch(/--totp would put the code on the command line/);
  });
});
