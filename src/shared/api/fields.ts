/** Field schemas every §7 route file shares (ids, names, the plain `{success, message}` answer). */
import { z } from 'zod';
import { orAbsent, orElse } from './tolerant.js';

export const id = z.string().min(1).max(128);
export const username = z.string().trim().min(1).max(64);
export const password = z.string().min(1).max(256);
export const mac = z.string().min(1).max(64);
/**
 * The plain `{success, message}` answer. Where the SPEC shows no answer body, any
 * 2xx is success: `success` may be absent (the client refuses `success: false` itself).
 */
export const ok = z.object({ success: orElse(z.boolean(), true), message: orAbsent(z.string()) });
export const loose = z.looseObject({});
/** For calls whose answer the SPEC does not show: a 200 is success unless it says `success: false`. */
export const notShown = z.object({ success: orElse(z.boolean(), true), message: orAbsent(z.string()) });
