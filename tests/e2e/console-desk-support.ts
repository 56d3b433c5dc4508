/** A cafe with something going on, for the console's screens: PCs connected, customers at them, a hold, a customer at the gate, a call, an order, money taken, play consumed. */
import type { Page } from '@playwright/test';
import { STATION_CREDENTIAL_HEADER } from '../../src/shared/stationCredential.js';
import { openEventsSocket } from '../support/events-socket.js';
import { demoStation, serverNow, stationCredential } from '../support/processes.js';
import { adminCall, bearerCall } from './realtime-support.js';

/** A customer signed in at a PC whose kiosk is not running (as its renderer would, with the PC's own credential); their token. */
export async function signInAtPc(serverUrl: string, stationNumber: number, username: string, password: string, pc?: LivePc): Promise<string> {
  const station = demoStation(stationNumber);
  // A connected PC signs in with its own credential (a new one would revoke it and drop its socket).
  const credential = pc?.credential ?? (await stationCredential(serverUrl, stationNumber));
  const res = await fetch(`${serverUrl}/auth/client/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-station-credential': credential },
    body: JSON.stringify({ username, password, macAddress: station.mac }),
  });
  if (res.status !== 200) throw new Error(`login ${username}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** The balance the kiosk's store shows, in IQD. */
export const kioskBalance = async (kiosk: Page): Promise<number> =>
  Number((await kiosk.getByTestId('store-balance').locator('strong').textContent())?.replace(/\D/g, ''));

/** The customer's first active offer, ordered from the store as the kiosk would. */
export async function orderFirstOffer(serverUrl: string, token: string): Promise<void> {
  const offers = (await bearerCall(serverUrl, token, 'GET', '/offers/customer')) as { data: { id: string }[] };
  const offer = offers.data[0];
  if (!offer) throw new Error('no offer to order');
  await bearerCall(serverUrl, token, 'POST', '/offers/orders', { offerId: offer.id });
}

export async function callWaiter(serverUrl: string, token: string, stationId: string, message: string): Promise<void> {
  await bearerCall(serverUrl, token, 'POST', '/service-calls/client', { type: 'waiter', stationId, message });
}

/** A PC as its kiosk keeps it: the station socket open, a heartbeat when the server asks and every 20 s, a guest unlock acknowledged. */
export interface LivePc {
  credential: string;
  close(): void;
}

export async function livePc(serverUrl: string, stationNumber: number): Promise<LivePc> {
  const station = demoStation(stationNumber);
  const credential = await stationCredential(serverUrl, stationNumber);
  const beat = () =>
    fetch(`${serverUrl}/station-heartbeat`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [STATION_CREDENTIAL_HEADER]: credential },
      body: JSON.stringify({
        stationId: station.id,
        ipAddress: `10.0.0.${10 + stationNumber}`,
        macAddress: station.mac,
        metadata: { pcName: station.pcName, clientVersion: '1.0.0', timestamp: new Date().toISOString() },
      }),
    }).then(
      (res) => void res.body?.cancel(),
      () => undefined,
    );
  const socket = await openEventsSocket(
    serverUrl,
    { clientType: 'station', stationId: station.id, macAddress: station.mac, ipAddress: `10.0.0.${10 + stationNumber}`, stationName: station.pcName, userId: '' },
    credential,
    (s) => {
      // The server asks for a heartbeat on every connection (SPEC §7 stationHeartbeat).
      s.on('stationHeartbeat', () => void beat());
      // A guest unlock is acknowledged as the kiosk does once it opens the session (station_unlock_ack).
      s.on('guestUnlocked', (payload: { sessionId?: string | number }) =>
        s.emit('station_unlock_ack', {
          sessionId: String(payload.sessionId ?? ''),
          success: true,
          stationId: station.id,
          macAddress: station.mac,
          timestamp: new Date().toISOString(),
        }),
      );
      return s;
    },
  );
  await beat();
  const timer = setInterval(() => void beat(), 20_000);
  return {
    credential,
    close() {
      clearInterval(timer);
      socket.close();
    },
  };
}

/**
 * An evening at the cafe, for the console's screens: PCs 1–6 connected as their kiosks keep them (7 and 8
 * switched off); sara plays at PC 2, ali at PC 5 and a guest with an hour at PC 6, ali calls the waiter, sara orders, a cash top-up; PC 4 is
 * held for a party until two hours from now; topup waits at PC 3's top-up gate; and a billing minute has
 * passed, so play has been consumed. Returns the PCs to close at the end.
 */
export async function busyCafe(serverUrl: string): Promise<LivePc[]> {
  const pcs = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => livePc(serverUrl, n)));
  const pc = (n: number) => pcs[n - 1]!;
  const sara = await signInAtPc(serverUrl, 2, 'sara', 'sara12345', pc(2));
  const ali = await signInAtPc(serverUrl, 5, 'ali', 'ali12345', pc(5));
  // A customer whose account must be topped up first: signed in, held at the gate until the desk tops up.
  await signInAtPc(serverUrl, 3, 'topup', 'topup123', pc(3));
  // A guest with an hour, unlocked from the desk (PC 6 acknowledges it: the receipt reads done).
  await adminCall(serverUrl, 'POST', `/admin/stations/${demoStation(6).id}/unlock-guest`, { minutes: 60 });
  await callWaiter(serverUrl, ali, demoStation(5).id, 'Two teas please');
  await orderFirstOffer(serverUrl, sara);
  await adminCall(serverUrl, 'POST', '/admin/customers/sara/top-up', { amount: 5000, method: 'cash', note: 'at the counter' });
  const now = serverNow(serverUrl);
  await adminCall(serverUrl, 'POST', '/admin/holds', {
    stationIds: [demoStation(4).id],
    label: 'Birthday party',
    startsAt: new Date(now - 60_000).toISOString(),
    endsAt: new Date(now + 2 * 60 * 60_000).toISOString(),
  });
  // Billing runs once a minute: wait for the first one, so Today's "Play consumed" is not 0.
  const deadline = Date.now() + 90_000;
  for (;;) {
    const today = (await adminCall(serverUrl, 'GET', '/admin/console/today')) as { play?: { billed: number } };
    if ((today.play?.billed ?? 0) > 0) break;
    if (Date.now() > deadline) throw new Error('no billing minute within 90 s');
    await new Promise((resolve) => setTimeout(resolve, 2_000));
  }
  return pcs;
}
