/**
 * Who may call the server from a browser page: the kiosk (app://station),
 * web shells on the loopback interface (any port), the server's own public
 * origin, and the operator origins the cafe configures. Everyone else gets no
 * CORS headers (and no socket).
 */
export type OriginCheck = (origin: string) => boolean;

const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost|\[::1\])(:\d+)?$/i;
export const KIOSK_ORIGIN = 'app://station';

export function originCheck(configured: readonly string[], ownOrigin: () => string | undefined): OriginCheck {
  const extra = new Set(configured.map((o) => o.replace(/\/+$/, '').toLowerCase()));
  return (origin) => {
    const o = origin.toLowerCase();
    if (o === KIOSK_ORIGIN || LOOPBACK.test(o) || extra.has(o)) return true;
    const own = ownOrigin();
    return own !== undefined && o === own.toLowerCase();
  };
}
