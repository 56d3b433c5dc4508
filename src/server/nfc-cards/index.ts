/** The NFC cards domain: card login and check at a station, the owner's card management. */
import type { Domain } from '../context.js';
import { registerNfcCardRoutes } from './routes.js';

export const nfcCardsDomain: Domain = { name: 'nfc-cards', register: (app, ctx) => registerNfcCardRoutes(app, ctx) };
