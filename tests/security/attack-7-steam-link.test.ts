/**
 * Attack 7 (issue 13): linking someone else's Steam account. POST
 * /auth/client/link-steam names a steamId; a script that posts the victim's
 * id — bare, with forged OpenID fields, with a genuine answer for another
 * id, with an answer from a provider of its own, or with an answer already
 * used — must never get it linked. The server links only the id a fresh
 * answer of the configured provider proves, once.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAt, messageOf, startEnrolledCafe, tokenOf, userRow, type Cafe, type Enrolled } from './support.js';

const VICTIM_STEAM_ID = '76561198000000777';
const ATTACKER_STEAM_ID = '76561198000000666';

/** A genuine answer of the server's development provider for `steamId`, as the popup would receive it. */
async function genuineAnswer(url: string, steamId: string, returnTo = 'http://127.0.0.1:5999/steam-callback'): Promise<Record<string, string>> {
  const reply = await fetch(`${url}/steam-openid/dev/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ 'openid.mode': 'dev_sign_in', 'openid.return_to': returnTo, steamId }),
    redirect: 'manual',
  });
  expect(reply.status).toBe(302);
  const location = new URL(reply.headers.get('location') ?? '');
  return Object.fromEntries([...location.searchParams].filter(([key]) => key.startsWith('openid.')));
}

const steamOf = (cafe: Cafe, username: string) => (userRow(cafe.sql, username) as { steam_id: string | null }).steam_id;

describe('attack 7: linking another user’s Steam account', () => {
  let cafe: Cafe;
  let attacker: string;
  let victim: string;
  let st1: Enrolled;
  let st2: Enrolled;
  let evil: Server;
  let evilUrl: string;

  beforeAll(async () => {
    ({ cafe, stations: [st1, st2] } = await startEnrolledCafe([1, 2], { devOAuth: true }));
    attacker = tokenOf(await loginAt(cafe.url, st1, 'sara', 'sara12345'));
    victim = tokenOf(await loginAt(cafe.url, st2, 'ali', 'ali12345'));
    // An OpenID "provider" of the attacker's: it confirms anything.
    evil = createServer((_req, res) => res.end('ns:http://specs.openid.net/auth/2.0\nis_valid:true\n'));
    await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
    evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    evil?.close();
    await cafe?.stop();
  });

  const link = (token: string, body: unknown) => call(cafe.url, 'POST', '/auth/client/link-steam', { token, body });

  it('refuses a bare steamId (the SPEC body alone proves nothing)', async () => {
    const reply = await link(attacker, { steamId: VICTIM_STEAM_ID, steamUsername: 'victim' });
    expect(reply.status).toBe(400);
    expect(steamOf(cafe, 'sara')).toBeNull();
  });

  it('refuses forged OpenID fields the provider did not sign', async () => {
    const forged = await genuineAnswer(cafe.url, ATTACKER_STEAM_ID);
    const identity = forged['openid.identity']!.replace(ATTACKER_STEAM_ID, VICTIM_STEAM_ID);
    const reply = await link(attacker, {
      steamId: VICTIM_STEAM_ID,
      steamUsername: '',
      openid: { ...forged, 'openid.identity': identity, 'openid.claimed_id': identity },
    });
    expect(reply.status).toBe(401);
    expect(steamOf(cafe, 'sara')).toBeNull();
  });

  it('refuses a genuine answer for one id posted with another id', async () => {
    const answer = await genuineAnswer(cafe.url, ATTACKER_STEAM_ID);
    const reply = await link(attacker, { steamId: VICTIM_STEAM_ID, steamUsername: '', openid: answer });
    expect(reply.status).toBe(400);
    expect(messageOf(reply)).toBe('Invalid Steam ID in response');
    expect(steamOf(cafe, 'sara')).toBeNull();
  });

  it('refuses an answer from a provider that is not the configured one', async () => {
    const answer = await genuineAnswer(cafe.url, VICTIM_STEAM_ID);
    const identity = `${evilUrl}/steam-openid/dev/id/${VICTIM_STEAM_ID}`;
    const reply = await link(attacker, {
      steamId: VICTIM_STEAM_ID,
      steamUsername: '',
      openid: { ...answer, 'openid.op_endpoint': `${evilUrl}/steam-openid/dev/login`, 'openid.identity': identity, 'openid.claimed_id': identity },
    });
    expect(reply.status).toBe(400);
    expect(steamOf(cafe, 'sara')).toBeNull();
  });

  it('refuses an answer whose return_to is not a station callback, or whose signature leaves fields out', async () => {
    const elsewhere = await genuineAnswer(cafe.url, ATTACKER_STEAM_ID, 'http://127.0.0.1:5999/somewhere-else');
    expect((await link(attacker, { steamId: ATTACKER_STEAM_ID, steamUsername: '', openid: elsewhere })).status).toBe(400);
    const answer = await genuineAnswer(cafe.url, ATTACKER_STEAM_ID);
    const unsigned = { ...answer, 'openid.signed': 'op_endpoint,claimed_id,identity' };
    expect((await link(attacker, { steamId: ATTACKER_STEAM_ID, steamUsername: '', openid: unsigned })).status).toBe(400);
    expect(steamOf(cafe, 'sara')).toBeNull();
  });

  it('links the proven id once; the same answer replayed links nothing more, and a taken Steam account stays its owner’s', async () => {
    const answer = await genuineAnswer(cafe.url, VICTIM_STEAM_ID);
    const linked = await link(victim, { steamId: VICTIM_STEAM_ID, steamUsername: '', openid: answer });
    expect(linked.status).toBe(200);
    expect(steamOf(cafe, 'ali')).toBe(VICTIM_STEAM_ID);

    // The victim's answer, captured and replayed by the attacker.
    const replayed = await link(attacker, { steamId: VICTIM_STEAM_ID, steamUsername: '', openid: answer });
    expect(replayed.status).toBe(400);
    expect(steamOf(cafe, 'sara')).toBeNull();

    // Even a fresh genuine answer for the victim's id does not move the account.
    const fresh = await genuineAnswer(cafe.url, VICTIM_STEAM_ID);
    const taken = await link(attacker, { steamId: VICTIM_STEAM_ID, steamUsername: '', openid: fresh });
    expect(taken.status).toBe(409);
    expect(steamOf(cafe, 'sara')).toBeNull();
    expect(steamOf(cafe, 'ali')).toBe(VICTIM_STEAM_ID);
  });
});
