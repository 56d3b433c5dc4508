/**
 * SPEC §3: guest data kept by older versions of the station client (its own
 * local-storage key) is migrated into a guest session with username 'Guest'
 * and an empty token; the old key is then removed.
 */
import { z } from 'zod';
import type { ConnectionInfo, StoredSession } from '../../shared/entities.js';

export const LEGACY_GUEST_KEY = 'guestData';
export const LEGACY_GUEST_USERNAME = 'Guest';

const legacyGuestSchema = z.object({
  sessionId: z.string().min(1).max(128),
  stationId: z.string().min(1).max(128).optional(),
  stationNumber: z.number().int().optional(),
  userId: z.string().min(1).max(128).optional(),
  startTime: z.string().min(1).max(64).optional(),
});

export type LegacyStorage = Pick<Storage, 'getItem' | 'removeItem'>;

/** The migrated session, or null when there is no (usable) legacy guest data. Removes the old key. */
export function migrateLegacyGuest(
  storage: LegacyStorage,
  station: Pick<ConnectionInfo, 'stationId' | 'macAddress' | 'ipAddress'> | null,
  now: Date,
  log: Pick<Console, 'warn'> = console,
): StoredSession | null {
  let text: string | null;
  try {
    text = storage.getItem(LEGACY_GUEST_KEY);
  } catch {
    return null;
  }
  if (text === null) return null;
  try {
    storage.removeItem(LEGACY_GUEST_KEY);
  } catch {
    // A key that cannot be removed is read again next start; harmless.
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    log.warn('[session] legacy guest data is not JSON; dropped');
    return null;
  }
  const parsed = legacyGuestSchema.safeParse(raw);
  const stationId = parsed.success ? (parsed.data.stationId ?? station?.stationId) : undefined;
  if (!parsed.success || !stationId) {
    log.warn('[session] legacy guest data has the wrong shape; dropped');
    return null;
  }
  const legacy = parsed.data;
  return {
    id: legacy.sessionId,
    sessionId: legacy.sessionId,
    stationId,
    stationNumber: legacy.stationNumber ?? 0,
    username: LEGACY_GUEST_USERNAME,
    isGuest: true,
    startTime: legacy.startTime ?? now.toISOString(),
    macAddress: station?.macAddress ?? '',
    ipAddress: station?.ipAddress ?? '',
    token: '',
    userId: legacy.userId ?? legacy.sessionId,
  };
}
