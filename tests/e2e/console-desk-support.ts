/** A cafe with something going on, for the console's screens: customers at PCs, a call, an order, money taken. */
import type { Page } from '@playwright/test';
import { demoStation, stationCredential } from '../support/processes.js';
import { adminCall, bearerCall } from './realtime-support.js';

/** A customer signed in at a PC whose kiosk is not running (as its renderer would, with the PC's own credential); their token. */
export async function signInAtPc(serverUrl: string, stationNumber: number, username: string, password: string): Promise<string> {
  const station = demoStation(stationNumber);
  const credential = await stationCredential(serverUrl, stationNumber);
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

/** sara plays at PC 2 and ali at PC 5 (kiosks not running), ali calls the waiter, sara orders, a shift took cash. */
export async function busyCafe(serverUrl: string): Promise<void> {
  const sara = await signInAtPc(serverUrl, 2, 'sara', 'sara12345');
  const ali = await signInAtPc(serverUrl, 5, 'ali', 'ali12345');
  await callWaiter(serverUrl, ali, demoStation(5).id, 'Two teas please');
  await orderFirstOffer(serverUrl, sara);
  await adminCall(serverUrl, 'POST', '/admin/customers/sara/top-up', { amount: 5000, method: 'cash', note: 'at the counter' });
}
