/**
 * Issue 25: Steam QR sign-in over OpenID 2.0 against an OpenID 2.0 provider
 * of our own playing Steam (tests/support/openid2-provider.ts). The server
 * believes an assertion only once Steam confirms it (check_authentication),
 * for the return address this trip sent, once. Attacks first: a forged
 * openid.sig, an identity swapped for the victim's, an assertion from an
 * attacker's own OpenID server, an assertion carried into another trip, a
 * replayed callback.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oauthProviders, oauthQrSession, oauthQrStatus } from '../../src/shared/api/routes.js';
import { PhoneBrowser } from '../support/phone-browser.js';
import { OPENID2_NS, startTestSteam, type TestSteam } from '../support/openid2-provider.js';
import { ok, startServer, stationCredential, type TestServer } from './support/harness.js';

const VICTIM = '76561198000000777';
const ATTACKER = '76561198000000666';

let steam: TestSteam;
let t: TestServer;
let evil: Server;
let evilUrl: string;
let now = () => Date.now();

beforeAll(async () => {
  steam = await startTestSteam(() => now());
  t = await startServer({
    devOAuth: false,
    signIn: {
      providers: [
        {
          kind: 'steam',
          provider: 'steam',
          openid: { endpoint: steam.endpoint, claimedIdPrefix: steam.claimedIdPrefix },
          webApiKey: steam.webApiKey,
          webApiBase: steam.url,
        },
      ],
    },
  });
  now = () => t.clock.now();
  steam.personas.set(VICTIM, 'Victim');
  steam.personas.set(ATTACKER, 'Attacker');
  await t.server.db.updateTable('users').set({ steam_id: VICTIM }).where('username', '=', 'ali').execute();
  // An OpenID "provider" of the attacker's: it confirms anything it is asked.
  evil = createServer((_req, res) => res.end(`ns:${OPENID2_NS}\nis_valid:true\n`));
  await new Promise<void>((resolve) => evil.listen(0, '127.0.0.1', resolve));
  evilUrl = `http://127.0.0.1:${(evil.address() as AddressInfo).port}`;
});

afterAll(async () => {
  evil?.close();
  await t?.close();
  await steam?.close();
});

const at = (n: number) => ({ credential: stationCredential(t.url, n) });
const statusOf = (sessionId: string, n = 1) => ok(t.url, oauthQrStatus, { params: { sessionId }, ...at(n) });

/** The phone scans a Steam QR code of station n, signs in at "Steam" as `steamId`, and stops before the callback. */
async function toCallback(steamId: string, n = 1) {
  const session = await ok(t.url, oauthQrSession, { params: { provider: 'steam' }, ...at(n) });
  steam.nextSteamId = steamId;
  const phone = new PhoneBrowser();
  const stop = await phone.open(session.authUrl, `${t.url}/oauth/steam/callback`);
  expect(stop.status).toBe(0);
  return { session, phone, url: new URL(stop.url) };
}

async function send(phone: PhoneBrowser, url: URL) {
  const reply = await phone.request(url.href);
  return { status: reply.status, text: await reply.text() };
}

describe('attacks on the Steam QR sign-in', () => {
  it('refuses an identity swapped for the victim’s (the signature no longer matches: Steam says is_valid:false)', async () => {
    const { session, phone, url } = await toCallback(ATTACKER);
    const identity = `${steam.claimedIdPrefix}${VICTIM}`;
    url.searchParams.set('openid.claimed_id', identity);
    url.searchParams.set('openid.identity', identity);
    const checks = steam.checks.length;
    expect((await send(phone, url)).status).toBe(400);
    expect(steam.checks.slice(checks)).toEqual([{ valid: false }]);
    expect((await statusOf(session.sessionId)).status).toBe('pending');
  });

  it('refuses a forged openid.sig', async () => {
    const { session, phone, url } = await toCallback(VICTIM);
    url.searchParams.set('openid.sig', Buffer.alloc(32, 7).toString('base64'));
    expect((await send(phone, url)).status).toBe(400);
    expect((await statusOf(session.sessionId)).status).toBe('pending');
  });

  it('refuses an assertion from an OpenID server other than Steam’s, even one that confirms it', async () => {
    const { session, phone, url } = await toCallback(ATTACKER);
    const identity = `${evilUrl}/openid/id/${VICTIM}`;
    url.searchParams.set('openid.op_endpoint', `${evilUrl}/openid/login`);
    url.searchParams.set('openid.claimed_id', identity);
    url.searchParams.set('openid.identity', identity);
    expect((await send(phone, url)).status).toBe(400);
    expect((await statusOf(session.sessionId)).status).toBe('pending');
  });

  it('refuses a genuine assertion carried into another trip (its return_to names the other state)', async () => {
    const victimTrip = await toCallback(VICTIM, 2);
    const attackerTrip = await toCallback(ATTACKER, 1);
    const carried = new URL(victimTrip.url);
    carried.searchParams.set('state', attackerTrip.url.searchParams.get('state')!);
    expect((await send(attackerTrip.phone, carried)).status).toBe(400);
    expect((await statusOf(attackerTrip.session.sessionId)).status).toBe('pending');
  });

  it('refuses a replayed callback', async () => {
    const { session, phone, url } = await toCallback(ATTACKER, 3);
    expect((await send(phone, url)).status).toBe(200);
    const replay = await send(new PhoneBrowser(), url);
    expect(replay.status).toBe(400);
    expect(replay.text).toContain('expired or was already used');
    expect(await statusOf(session.sessionId, 3)).toMatchObject({ status: 'completed', userData: { steamId: ATTACKER } });
  });
});

describe('Steam QR sign-in', () => {
  it('is offered as a real provider', async () => {
    expect((await ok(t.url, oauthProviders, {})).providers).toEqual([{ id: 'steam', development: false }]);
  });

  it('sends the phone to Steam with return_to under the realm, and a linked Steam id logs in from the status answer', async () => {
    const { session, phone, url } = await toCallback(VICTIM, 4);
    const request = steam.requests.at(-1)!;
    expect(request.get('openid.realm')).toBe(t.url);
    expect(request.get('openid.return_to')).toBe(`${t.url}/oauth/steam/callback?state=${url.searchParams.get('state')}`);
    expect(request.get('openid.identity')).toBe('http://specs.openid.net/auth/2.0/identifier_select');
    expect((await send(phone, url)).status).toBe(200);
    const status = await statusOf(session.sessionId, 4);
    expect(status).toMatchObject({ status: 'completed', userData: { provider: 'steam', steamId: VICTIM, name: 'Victim', email: null } });
    expect(status.userData?.loginData?.user.username).toBe('ali');
    expect(status.userData?.loginData?.stationId).toBe('st-04');
    expect((await statusOf(session.sessionId, 4)).status).toBe('expired');
  });

  it('a Steam id linked to nobody completes without a login (the station reports it)', async () => {
    const { session, phone, url } = await toCallback('76561198000000999', 5);
    expect((await send(phone, url)).status).toBe(200);
    expect(await statusOf(session.sessionId, 5)).toMatchObject({
      status: 'completed',
      userData: { provider: 'steam', steamId: '76561198000000999', name: null, loginData: null },
    });
  });
});
