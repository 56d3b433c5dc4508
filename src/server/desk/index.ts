/**
 * The desk domain (the console's own data): the live room and its receipts
 * (`room/`), holds (`holds/`), the inbox (`inbox/`), accounts
 * turned off and on (`accounts/`) — each routes → service → repo (issue 23).
 * Customers, shifts and today are their own domains since issue 21.
 * Holds start and end on one node per second of real time (the room's tick).
 */
import { once } from '../cluster/coordination.js';
import type { Domain } from '../context.js';
import { registerAccountRoutes } from './accounts/routes.js';
import { registerHoldRoutes } from './holds/routes.js';
import { applyHolds } from './holds/service.js';
import { registerInboxRoutes } from './inbox/routes.js';
import { registerRoomRoutes } from './room/routes.js';
import { ROOM_TICK_MS, startRoom } from './room/service.js';

export const deskDomain: Domain = {
  name: 'desk',
  register(app, ctx) {
    registerInboxRoutes(app, ctx);
    registerAccountRoutes(app, ctx);
    const room = startRoom(ctx, ctx.staff, ctx.audit, {
      everyTick: () =>
        once(ctx.coordination, 'holds', Date.now(), ROOM_TICK_MS, () => applyHolds(ctx).then(() => undefined), { staleMs: 5 * ROOM_TICK_MS }),
    });
    app.addHook('preClose', async () => room.stop());
    registerRoomRoutes(app, ctx, () => room);
    registerHoldRoutes(app, ctx, () => void room.refresh());
    // Every balance change reaches the desk (issue 23); the customer at a station hears it from the wallet itself.
    const unlisten = ctx.wallet.listen((moved) =>
      ctx.staff.emit('balanceChanged', {
        userId: moved.userId,
        username: moved.username,
        kind: moved.kind,
        amount: moved.amount,
        balance: moved.balance,
        freeBalance: moved.protectedBalance,
      }),
    );
    app.addHook('preClose', async () => {
      unlisten();
    });
  },
};
