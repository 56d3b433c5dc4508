/**
 * The console never loses the room, on a cluster (issue 23): a private PostgreSQL, two server nodes and
 * HAProxy in front (src/server/cluster/stack.ts, what `npm run cluster` starts). The owner signs in to the
 * console through the proxy (password and authenticator code), a kiosk is connected through it too, and
 * the node holding the console's /staff socket is killed with SIGKILL (no chance to say goodbye).
 *
 * The console says it is away ("Reconnecting…" and since when) and keeps dialling with the kiosk's retry
 * rules. Its network is cut for a while too (the browser's offline mode, for the console's page only), so
 * that what happens meanwhile surely reaches it by no push: a customer signs in at the kiosk and another
 * one orders. Once its network is back the console is back through the proxy on the survivor with no
 * reload (a mark on the page survives), and shows both: the room and the inbox were read again. A change
 * made after that is pushed live by the survivor.
 */
import { DEMO_OWNER } from '../../src/server/seed/console.js';
import { haproxyBinary } from '../../src/server/cluster/haproxy.js';
import { postgresBinDir } from '../../src/server/cluster/postgres.js';
import { startStack, stationsConnected, type ClusterNode, type Stack } from '../../src/server/cluster/stack.js';
import { totpNow } from '../support/console-client.js';
import { cafe as runCafe, killHard, RENDERER_DIR, startWebShell, type Running } from '../support/processes.js';
import { orderFirstOffer, signInAtPc } from './console-desk-support.js';
import { signIn } from './console-support.js';
import { expect, kioskLogin, shoot, test } from './fixtures.js';

/** SPEC §realtime: after a lost connection, retry after a random 1 to 3 s… */
const SPEC_RETRY_MAX_MS = 3_000;
/** …and be back within 3.5 s of that retry (the kiosk's budget, issue 3 and issue 16). */
const RECONNECT_BUDGET_MS = 3_500;

const ci = process.env.CI === 'true' || process.env.CI === '1';
const missing = [!postgresBinDir() && 'postgresql', !haproxyBinary() && 'haproxy'].filter(Boolean);
// CI installs both (scripts/setup.mjs test); elsewhere the spec says what is missing instead of failing.
test.skip(missing.length > 0 && !ci, `Debian packages missing: ${missing.join(', ')} (node scripts/setup.mjs test)`);

let stack: Stack | undefined;
let shell: Running | undefined;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  // Info level: each node logs the staff sockets it admits ("staff tool connected"), which tells which node holds the console.
  stack = await startStack({ nodes: 2, rendererDir: RENDERER_DIR, nodeEnv: { SPAWNPOINT_LOG_LEVEL: 'info' } });
});

test.afterAll(async () => {
  await shell?.stop();
  await stack?.stop();
});

const alive = (node: ClusterNode) => node.process.exitCode === null && node.process.signalCode === null;

/** How many /staff sockets of this user each node has admitted so far (from its log). */
const staffAdmitted = (s: Stack, username: string): number[] =>
  s.nodes.map(
    (node) =>
      node
        .output()
        .split('\n')
        .filter((line) => line.includes('staff tool connected') && line.includes(`"staff":"${username}"`)).length,
  );

test('a node dying behind the proxy: the console comes back through the survivor without a reload, with the room and inbox as they are', async ({ page, context, browser }) => {
  test.setTimeout(180_000);
  const s = stack!;

  // A kiosk through the proxy, at its login screen (in a browser context of its own: the console's network is cut later).
  shell = await startWebShell(s.url, 1);
  const kioskContext = await browser.newContext();
  const kiosk = await kioskContext.newPage();
  await kiosk.goto(shell.url);
  await expect(kiosk).toHaveURL(/\/login$/, { timeout: 20_000 });
  await expect.poll(() => Promise.all(s.nodes.map((n) => stationsConnected(n, s.metricsToken))).then((c) => c[0]! + c[1]!), { timeout: 10_000 }).toBe(1);
  // sara sits at PC 2 (its kiosk is not running); she orders later, while the console is away.
  const sara = await signInAtPc(s.url, 2, 'sara', 'sara12345');

  // The owner at the console, through the proxy: password, then the authenticator code.
  let dials = 0;
  page.on('websocket', () => (dials += 1));
  await signIn(page, s.url, DEMO_OWNER, () => totpNow());
  await page.evaluate(() => ((window as unknown as { sameConsole: boolean }).sameConsole = true));
  const status = page.getByRole('status').filter({ hasText: /Live|Reconnecting/ });
  const tile = (n: number) => page.locator(`.tile[data-station="st-0${n}"]`);
  await expect(tile(2)).toContainText('sara');
  await expect(tile(1)).not.toContainText('ali');

  // The node holding the console's /staff socket.
  await expect.poll(() => staffAdmitted(s, DEMO_OWNER.username).reduce((a, b) => a + b, 0), { timeout: 10_000 }).toBe(1);
  const admittedBefore = staffAdmitted(s, DEMO_OWNER.username);
  const holder = s.nodes[admittedBefore.indexOf(1)]!;
  const survivor = s.nodes.find((n) => n !== holder)!;
  const kioskOn = (await Promise.all(s.nodes.map((n) => stationsConnected(n, s.metricsToken)))).indexOf(1);
  test.info().annotations.push({ type: 'nodes', description: `console on ${holder.id}, kiosk on ${s.nodes[kioskOn]?.id}` });

  // SIGKILL it: the console says it is away. Then its network is cut as well (well within the 1 s its first
  // retry waits at least), so that nothing of what follows can reach it by a push.
  await killHard(holder);
  expect(alive(holder)).toBe(false);
  await expect(status).toHaveText('Reconnecting…');
  await context.setOffline(true);
  const dialsBefore = dials;
  await expect(page.getByTestId('link-away')).toContainText('Connection to the server lost at');
  await shoot(page, 'console-cluster-01-away');

  // Meanwhile, through the proxy (the survivor): ali signs in at the kiosk, sara orders. Pushed to nobody.
  await kioskLogin(kiosk, shell.url, 'ali', 'ali12345');
  await expect(kiosk).toHaveURL(/\/dashboard$/, { timeout: 20_000 });
  await orderFirstOffer(s.url, sara);
  // The console kept dialling (the kiosk's retry, no limit) and is still away: it has not seen any of it.
  await expect.poll(() => dials - dialsBefore, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
  await expect(status).toHaveText('Reconnecting…');
  await expect(tile(1)).not.toContainText('ali');

  // The network is back: so is the console, through the proxy on the survivor by itself, within the kiosk's retry rules.
  await context.setOffline(false);
  const released = Date.now();
  await expect(status).toHaveText('Live', { timeout: SPEC_RETRY_MAX_MS + RECONNECT_BUDGET_MS });
  const backMs = Date.now() - released;
  test.info().annotations.push({ type: 'console-back-ms', description: String(backMs) });
  console.log(`console back through the survivor ${backMs} ms after its network was back (budget ${SPEC_RETRY_MAX_MS} + ${RECONNECT_BUDGET_MS} ms)`);
  await expect(page.getByTestId('link-away')).toBeHidden();
  expect(staffAdmitted(s, DEMO_OWNER.username)[s.nodes.indexOf(survivor)]).toBeGreaterThan(admittedBefore[s.nodes.indexOf(survivor)]!);

  // The room was read again: ali at PC 1.
  await expect(tile(1)).toContainText('ali');
  await shoot(page, 'console-cluster-02-back');

  // The survivor pushes what happens from now on: PC 3 put in maintenance shows on its tile.
  const set = await runCafe(s.url, 'set-status', 'st-03', 'maintenance');
  expect(set.code, set.stderr).toBe(0);
  await expect(tile(3)).toContainText('Maintenance');

  // So was the inbox (it reads its lists only when it starts and when the link is back): sara's order waits there.
  await page.evaluate(() => (location.hash = '#/inbox'));
  await expect(page.locator('[data-order]')).toHaveCount(1);
  await expect(page.locator('[data-order]')).toContainText('sara');
  await shoot(page, 'console-cluster-03-inbox');

  // The same page all along: no reload.
  expect(await page.evaluate(() => (window as unknown as { sameConsole?: boolean }).sameConsole)).toBe(true);
  expect(alive(survivor)).toBe(true);
  await kioskContext.close();
});
