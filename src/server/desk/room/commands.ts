/**
 * A guest unlock that did not happen (issue 23: effects and receipts agree).
 * The unlock itself is the stations domain's (`stations/service.ts`: refused,
 * with nothing made, when the PC is not connected); when the PC refuses it or
 * never acknowledges it, the room undoes it here: its session ends at once,
 * unbilled, before the receipt says failed.
 */
import type { ServerContext } from '../../context.js';

export async function endFailedUnlock(ctx: ServerContext, sessionId: string): Promise<void> {
  await ctx.sessions.end(sessionId, 'unlock_failed');
}
