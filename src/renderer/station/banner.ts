/**
 * SPEC §4: the connection banner shows in every connection state except
 * connected, and also after more than HEARTBEAT_ERROR_BANNER_THRESHOLD
 * consecutive heartbeat errors.
 */
import { HEARTBEAT_ERROR_BANNER_THRESHOLD } from '../../shared/constants.js';
import type { MessageKey } from '../../shared/i18n/en.js';
import type { ConnectionState } from '../core/connection/connectionStore.js';

export function bannerMessageKey(state: ConnectionState, consecutiveHeartbeatErrors: number): MessageKey | null {
  switch (state) {
    case 'connecting':
      return 'connection.connecting';
    case 'reconnecting':
      return 'connection.reconnecting';
    case 'disconnected':
      return 'connection.disconnected';
    case 'connected':
      return consecutiveHeartbeatErrors > HEARTBEAT_ERROR_BANNER_THRESHOLD ? 'connection.heartbeatFailing' : null;
  }
}
