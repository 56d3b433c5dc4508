/**
 * A SPEC-minimal cafe server: a second "personality" for the station's tests
 * (issue 24). It answers the calls of ../../shared SPEC §7 with the smallest
 * shapes the SPEC allows, and with the other valid ones our reference server
 * never uses: numeric ids, the §3 "X or Y" alternatives (`name` for
 * `gameName`, `currentSessionId`, `eligibleRewards`, `eventEndDate`,
 * `username` for `guestUsername`), optional fields left out, a bare 204 or an
 * empty 200 where the SPEC shows no answer, and `200 {success: false,
 * message}` refusals.
 *
 * Written from the SPEC alone, on node:http and socket.io: it shares no code
 * with src/server (and must not). State is in memory, one cafe:
 * station 1 (numeric id), customers ali/ali12345 and reset_me/reset123 (must
 * change the password), one good prepaid card RC-GOOD-0000-0001.
 *
 * Run: `tsx tests/support/spec-minimal-server.ts [--port N] [--station-id ID]`;
 * it prints `listening on http://127.0.0.1:N`. Test hooks (not SPEC):
 * POST /__test/unlock-guest sends guestUnlocked to the station;
 * POST /__test/emit {event, payload} sends any server→client event to it;
 * GET /__test/calls lists the calls received (method and path).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Server as SocketServer } from 'socket.io';

const args = process.argv.slice(2);
const flag = (name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const PORT = Number(flag('--port') ?? 0);
/** The station's id as its shell knows it (a string on the command line); the server answers it as a number when it is one. */
const STATION_KEY = flag('--station-id') ?? '1';
const STATION_ID: string | number = /^\d+$/.test(STATION_KEY) ? Number(STATION_KEY) : STATION_KEY;

interface Customer {
  id: number;
  username: string;
  password: string;
  displayName?: string;
  xp: number;
  balance: number;
  requirePasswordReset?: boolean;
}

const customers: Customer[] = [
  { id: 101, username: 'ali', password: 'ali12345', displayName: 'Ali Hassan', xp: 4200, balance: 25_000 },
  { id: 102, username: 'reset_me', password: 'reset123', xp: 0, balance: 5000, requirePasswordReset: true },
];
const tokens = new Map<string, Customer | 'guest'>();
const calls: string[] = [];
let nextSession = 500;
let claimed = 0;

// ── HTTP plumbing ──────────────────────────────────────────────────────────

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'Access-Control-Allow-Headers': 'Authorization, Content-Type, Accept, X-Station-Credential',
};

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { ...CORS, 'Content-Type': 'application/json' });
  res.end(JSON.stringify(body));
}
/** A 204 with no body: where the SPEC shows no answer. */
function bare(res: ServerResponse): void {
  res.writeHead(204, CORS);
  res.end();
}
/** A 200 with an empty body. */
function empty(res: ServerResponse): void {
  res.writeHead(200, CORS);
  res.end();
}

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return typeof parsed === 'object' && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function caller(req: IncomingMessage): Customer | 'guest' | undefined {
  const header = req.headers.authorization ?? '';
  return tokens.get(header.replace(/^Bearer\s+/i, ''));
}

// ── SPEC §3 shapes, minimal ────────────────────────────────────────────────

function userOf(c: Customer) {
  // id and username, level on GET /profile; a tier with its name only; no claimedRewards, no stationNumber.
  return {
    id: c.id,
    username: c.username,
    ...(c.displayName ? { displayName: c.displayName } : {}),
    xp: c.xp,
    level: 1 + Math.floor(c.xp / 10_000),
    balance: c.balance,
    tier: { name: 'Bronze' },
    ...(c.requirePasswordReset ? { requirePasswordReset: true } : {}),
  };
}

const library = [
  { Json_ID: 'plat-steam', Name: 'Steam', Platform: 3 },
  { Json_ID: 'game-730', Name: 'Counter-Strike 2', Platform: 3, Categories: [16, 11, 22, 0], App_ID: 730 },
  { Json_ID: 'game-570', Name: 'Dota 2', Platform: 3, Categories: [15], App_ID: 570 },
  { Json_ID: 'app-chrome', Name: 'Chrome', Platform: 0, Categories: [18] },
  // Malformed (no Name, no Platform): a station skips it and shows the rest.
  { Json_ID: 'game-broken' },
];

// ── Routes ─────────────────────────────────────────────────────────────────

type Handler = (req: IncomingMessage, res: ServerResponse, params: string[]) => Promise<void> | void;
const routes: [string, RegExp, Handler][] = [];
const on = (method: string, path: string, handler: Handler) =>
  routes.push([method, new RegExp(`^${path.replace(/:\w+/g, '([^/]+)')}$`), handler]);

/** The station's room on /events: where every server→client event to it goes. */
function toStation() {
  return io.of('/events').to(`station:${STATION_KEY}`);
}

function needUser(req: IncomingMessage, res: ServerResponse): Customer | 'guest' | undefined {
  const who = caller(req);
  if (!who) json(res, 401, { message: 'Unauthorized' });
  return who;
}
function needCustomer(req: IncomingMessage, res: ServerResponse): Customer | undefined {
  const who = needUser(req, res);
  if (who === 'guest') json(res, 403, { message: 'Forbidden' });
  return who && who !== 'guest' ? who : undefined;
}

on('POST', '/station-heartbeat', (_req, res) => {
  // §7 names stationHeartbeatAck, not its fields: a bare one.
  toStation().emit('stationHeartbeatAck', {});
  bare(res);
});
on('POST', '/station-client/get-station-details', (_req, res) =>
  json(res, 200, { station: { id: STATION_ID, number: 1, status: 'available' } }),
);
on('GET', '/cafe-settings/media/logo', (_req, res) => json(res, 200, { logo: null }));
on('GET', '/cafe-settings/media/background-video', (_req, res) => json(res, 200, { video: null }));

on('POST', '/auth/client/login', async (req, res) => {
  const body = await bodyOf(req);
  const customer = customers.find((c) => c.username === body.username && c.password === body.password);
  if (!customer) return json(res, 401, {});
  const token = `t-${customer.id}-${Date.now()}`;
  tokens.set(token, customer);
  json(res, 200, { accessToken: token, user: userOf(customer), sessionId: nextSession++, stationId: STATION_ID });
});
on('POST', '/auth/client/nfc-login', (_req, res) => json(res, 401, {}));
on('GET', '/auth/client/check-username', (_req, res) => empty(res));
on('POST', '/prepaid-cards/redeem-with-username', async (req, res) => {
  const body = await bodyOf(req);
  const customer = customers.find((c) => c.username === body.username);
  if (body.code !== 'RC-GOOD-0000-0001' || !customer) return json(res, 200, { success: false, message: 'This card is not valid' });
  customer.balance += 5000;
  json(res, 200, { success: true, message: 'Redeemed', balanceAdded: 5000 });
});
on('POST', '/auth/client/verify-password', async (req, res) => {
  const who = needCustomer(req, res);
  if (!who) return;
  const body = await bodyOf(req);
  json(res, 200, { isValid: body.password === who.password });
});

on('GET', '/profile', (req, res) => {
  const who = needCustomer(req, res);
  if (who) json(res, 200, userOf(who));
});
on('PUT', '/profile', async (req, res) => {
  const who = needCustomer(req, res);
  if (!who) return;
  const body = await bodyOf(req);
  if (typeof body.newPassword === 'string') {
    if (body.currentPassword !== who.password) return json(res, 200, { success: false, message: 'Current password is wrong' });
    who.password = body.newPassword;
    who.requirePasswordReset = false;
  }
  if (typeof body.displayName === 'string') who.displayName = body.displayName;
  bare(res);
});
on('GET', '/client-sessions/current/:userId', (req, res) => {
  if (needUser(req, res)) json(res, 200, { isPrepaid: false, remainingMinutes: null });
});
on('GET', '/rewards/user/progress', (req, res) => {
  const who = needCustomer(req, res);
  if (!who) return;
  json(res, 200, {
    xp: who.xp,
    level: 1 + Math.floor(who.xp / 10_000),
    eligibleRewards: [{ id: 1, name: 'Free coffee', description: 'One coffee at the bar', requiredXp: 1000, isEligible: who.xp >= 1000 }],
    eligibleEventRewards: [
      { id: 2, name: 'Night owl', requiredXp: 500, isEligible: true, benefit: '1 free hour', eventEndDate: '2030-01-01T00:00:00Z' },
    ],
  });
});
on('POST', '/rewards/claim', (req, res) => {
  const who = needCustomer(req, res);
  if (!who) return;
  who.xp -= 1000;
  claimed++;
  json(res, 200, { message: 'Enjoy your coffee!' });
});
on('POST', '/rewards/events/claim', (req, res) => {
  if (needCustomer(req, res)) json(res, 200, { message: 'Event reward claimed' });
});
on('GET', '/rewards/tiers', (req, res) => {
  if (needUser(req, res)) json(res, 200, [{ name: 'Bronze' }]);
});
on('GET', '/profile/nfc-cards', (req, res) => {
  if (needCustomer(req, res)) json(res, 200, []);
});
on('GET', '/game-play-tracking/user/:userId/history', (req, res) => {
  if (!needUser(req, res)) return;
  json(res, 200, [
    { id: 1, jsonId: 'game-570', name: 'Dota 2', startTime: '2026-11-01T18:00:00Z', endTime: '2026-11-01T19:35:00Z', durationMinutes: 95 },
    { id: 2, jsonId: 'game-730', gameName: 'Counter-Strike 2', startTime: '2026-11-02T18:00:00Z', endTime: null, durationMinutes: null },
  ]);
});
on('POST', '/game-play-tracking/app-launched', (_req, res) => json(res, 200, { data: { success: true } }));
on('POST', '/game-play-tracking/app-closed', (_req, res) => json(res, 200, { data: { success: true } }));

on('GET', '/games/station/:stationId', (req, res) => {
  if (needUser(req, res)) json(res, 200, library);
});
on('GET', '/game-accounts/client', (req, res) => {
  if (!needUser(req, res)) return;
  json(res, 200, [
    { id: 2, username: 'cafe_steam_2', platform: 3, inUse: true, currentSessionId: 77, accountDisplayName: 'Account 2' },
    { id: 1, username: 'cafe_steam_1', password: 'pw-1', platform: 3, inUse: false, accountDisplayName: 'Account 1' },
  ]);
});
on('POST', '/game-accounts/:id/assign/:sessionId', (_req, res) => bare(res));
on('POST', '/game-accounts/:id/release', (_req, res) => bare(res));
on('POST', '/game-accounts/release-by-session', (_req, res) => json(res, 200, { releasedCount: 1 }));

on('GET', '/offers/customer', (req, res) => {
  if (!needUser(req, res)) return;
  json(res, 200, {
    data: [{ id: 1, name: 'Weekend bonus', offerType: 'credit_bonus', minimumPurchase: 10_000, discountPercentage: 10 }],
  });
});
on('POST', '/offers/orders', (_req, res) => bare(res));
on('POST', '/service-calls/client', (_req, res) => empty(res));
on('POST', '/service-calls/guest', (_req, res) => empty(res));

on('GET', '/social/friends', (req, res) => {
  if (needCustomer(req, res)) json(res, 200, [{ id: 103, username: 'sara', status: 'online' }]);
});
on('GET', '/social/friends/requests', (req, res) => {
  if (!needCustomer(req, res)) return;
  json(res, 200, [
    { id: 9, username: 'omar', sentAt: '2026-11-20T10:00:00Z', friendship: { id: 9, userId: 104, friendId: 101, status: 'pending', createdAt: '2026-11-20T10:00:00Z' } },
  ]);
});
on('GET', '/social/my-friend-code', (req, res) => {
  if (needCustomer(req, res)) json(res, 200, { friendCode: 7000101 });
});
on('GET', '/social/friends/mutual/:id', (_req, res) => json(res, 200, []));
on('PUT', '/social/presence', (_req, res) => bare(res));

// Test hooks (not SPEC).
on('GET', '/__test/calls', (_req, res) => json(res, 200, { calls, claimed }));
/** Sends one server→client event to the station: {event, payload}. */
on('POST', '/__test/emit', async (req, res) => {
  const body = await bodyOf(req);
  if (typeof body.event !== 'string') return json(res, 400, { message: 'event is required' });
  toStation().emit(body.event, body.payload ?? {});
  json(res, 200, { sent: body.event });
});
on('POST', '/__test/unlock-guest', (_req, res) => {
  const sessionId = nextSession++;
  const token = `g-${sessionId}`;
  tokens.set(token, 'guest');
  // SPEC §3 guest-unlock payload: sessionId, stationId, stationNumber, guestUsername or username, token.
  toStation().emit('guestUnlocked', {
    sessionId,
    stationId: STATION_ID,
    stationNumber: 1,
    username: `guest_${sessionId.toString(16)}`,
    token,
  });
  json(res, 200, { sessionId });
});

const http = createServer((req, res) => {
  void (async () => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'OPTIONS') {
      res.writeHead(204, CORS);
      return res.end();
    }
    if (!url.pathname.startsWith('/__test/')) calls.push(`${req.method} ${url.pathname}`);
    for (const [method, pattern, handler] of routes) {
      const match = method === req.method ? pattern.exec(url.pathname) : null;
      if (match) return handler(req, res, match.slice(1));
    }
    json(res, 404, { message: 'Not found' });
  })().catch((error: unknown) => json(res, 500, { message: String(error) }));
});

const io = new SocketServer(http, { cors: { origin: '*' } });
io.of('/events').on('connection', (socket) => {
  const stationId = String(socket.handshake.query.stationId ?? '');
  void socket.join(`station:${stationId}`);
  // Acknowledge status updates the way SPEC §4 expects (statuses that wait for one).
  socket.on('station_status_update', (payload: { status?: string }) => {
    socket.emit('stationStatusAck', { stationId: STATION_ID, status: payload?.status });
  });
  // connectionStatus with only a status; the answer to an unlock acknowledgement names the session as a number.
  socket.emit('connectionStatus', { status: 'connected' });
  socket.on('station_unlock_ack', (payload: { sessionId?: string; success?: boolean }) => {
    const sessionId = Number(payload?.sessionId);
    socket.emit('guestUnlockAck', { sessionId: Number.isFinite(sessionId) ? sessionId : payload?.sessionId, success: payload?.success === true });
  });
});

http.listen(PORT, '127.0.0.1', () => {
  const address = http.address();
  const port = typeof address === 'object' && address ? address.port : PORT;
  console.log(`spec-minimal server listening on http://127.0.0.1:${port}`);
});
process.on('SIGTERM', () => {
  void io.close();
  http.close(() => process.exit(0));
});
