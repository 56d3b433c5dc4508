/**
 * SPEC §9: a service call of one type may be sent once every 5 minutes. The
 * server keeps the rule per type for the station and for the user alike: a
 * second account at the same PC, or the same customer at another PC, waits
 * out the same cooldown.
 */
import { SERVICE_CALL_COOLDOWN_MS } from '../../shared/constants.js';
import type { Db } from '../db/schema.js';
import type { ServiceCallTable } from '../db/tables/store.js';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

const WHAT: Record<ServiceCallTable['type'], string> = {
  waiter: 'the cafe service',
  technical: 'technical support',
};

export function cooldownMessage(type: ServiceCallTable['type'], secondsLeft: number): string {
  return `You already called ${WHAT[type]}. Please wait ${secondsLeft} ${secondsLeft === 1 ? 'second' : 'seconds'} before calling again.`;
}

/** Whole seconds until another call of this type is allowed (0: allowed now). */
export async function cooldownSecondsLeft(
  db: Db | Transaction<Database>,
  call: { type: ServiceCallTable['type']; stationId: string; userId: string },
  now: number,
): Promise<number> {
  const last = await db
    .selectFrom('service_calls')
    .select((eb) => eb.fn.max('created_at').as('at'))
    .where('type', '=', call.type)
    .where((eb) => eb.or([eb('station_id', '=', call.stationId), eb('user_id', '=', call.userId)]))
    .executeTakeFirst();
  if (!last?.at) return 0;
  const left = Date.parse(String(last.at)) + SERVICE_CALL_COOLDOWN_MS - now;
  return left > 0 ? Math.ceil(left / 1000) : 0;
}
