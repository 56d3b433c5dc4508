/**
 * The station credential (issue 9, /work INTERFACES "Presenting it"): what a
 * station that has been enrolled presents with every HTTP request and in the
 * socket.io handshake. A station that has none presents nothing.
 */
import { z } from 'zod';

/** The HTTP header that carries the credential. */
export const STATION_CREDENTIAL_HEADER = 'X-Station-Credential';

/** The credential as the shell hands it over (HereTheData.data.stationCredential). */
export const stationCredentialSchema = z.string().min(1).max(512);
