/**
 * SPEC §4: the connection banner shows in every connection state except
 * connected, and also after more than HEARTBEAT_ERROR_BANNER_THRESHOLD
 * consecutive heartbeat errors, and while the server's connectionStatus says
 * the connection is not good (issue 24).
 */
import { HEARTBEAT_ERROR_BANNER_THRESHOLD } from '../../shared/constants.js';
import type { MessageKey } from '../../shared/i18n/en.js';
import type { ConnectionState } from '../core/connection/connectionStore.js';

export function bannerMessageKey(
  state: ConnectionState,
  consecutiveHeartbeatErrors: number,
  serverRefused = false,
): MessageKey | null {
  switch (state) {
    case 'connecting':
      return 'connection.connecting';
    case 'reconnecting':
      return 'connection.reconnecting';
    case 'disconnected':
      return 'connection.disconnected';
    case 'connected':
      // The socket is open but the server's connectionStatus says this connection is not good.
      if (serverRefused) return 'connection.disconnected';
      return consecutiveHeartbeatErrors > HEARTBEAT_ERROR_BANNER_THRESHOLD ? 'connection.heartbeatFailing' : null;
  }
}
