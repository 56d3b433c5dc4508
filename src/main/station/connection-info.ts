/**
 * SPEC §3 connection info, the answer to GimmeData: the configured station
 * and server, with the MAC address and PC name taken from the config when it
 * overrides them and from the OS otherwise, and the station credential
 * when the station is enrolled.
 */
import { z } from 'zod';
import { connectionInfoSchema } from '../../shared/entities.js';
import type { ConnectionInfo } from '../../shared/entities.js';
import type { StationConfig } from './config.js';
import type { OsIdentity } from './identity.js';

export class ConnectionInfoError extends Error {
  override readonly name = 'ConnectionInfoError';
}

/** stationCredential: present when the station is enrolled (issue 9); a SPEC-only server never sees it. */
export function buildConnectionInfo(config: StationConfig, identity: OsIdentity, stationCredential?: string): ConnectionInfo {
  const macAddress = config.macAddress ?? identity.macAddress;
  if (macAddress === null) {
    throw new ConnectionInfoError(
      'No network adapter with a hardware address was found; set the MAC address with --mac or SPAWNPOINT_MAC.',
    );
  }
  const parsed = connectionInfoSchema.safeParse({
    macAddress,
    ipAddress: identity.ipAddress,
    pcName: (config.pcName ?? identity.pcName).slice(0, 64),
    stationId: config.stationId,
    serverUrl: config.serverUrl,
    ...(stationCredential ? { stationCredential } : {}),
  });
  if (!parsed.success) {
    throw new ConnectionInfoError(`Connection info is invalid: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}
