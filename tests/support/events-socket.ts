import { io, type Socket } from 'socket.io-client';

/**
 * Opens the station namespace /events as the kiosk does (websocket only, no
 * reconnection, credential in the handshake auth). Resolves with `wrap(socket)`
 * once connected — wrapped at once, so no event after connect is missed —
 * and rejects with the server's connect_error (its message says why).
 */
export function openEventsSocket<T>(
  url: string,
  query: Record<string, string>,
  credential: string | null | undefined,
  wrap: (socket: Socket) => T,
  extra: { extraHeaders?: Record<string, string> } = {},
): Promise<T> {
  const socket = io(`${url}/events`, {
    query,
    auth: credential ? { stationCredential: credential } : {},
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    ...extra,
  });
  const wrapped = wrap(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(wrapped));
    socket.once('connect_error', (error) => {
      socket.close();
      reject(error);
    });
  });
}
