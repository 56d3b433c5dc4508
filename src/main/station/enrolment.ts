/**
 * At start: the station's credential for (serverUrl, stationId). A stored
 * one is used as it is; otherwise, when a pairing code is configured, the
 * code is exchanged once (enrolment-client.ts) and the result stored
 * (credential-store.ts). Nothing here throws or stops the kiosk: a corrupt
 * file, a refused code or an unreachable server is one clear log line and
 * the station runs without a credential (what a SPEC-only server expects).
 * Neither the code nor the credential is ever logged.
 */
import { createHash } from 'node:crypto';
import type { StationConfig } from './config.js';
import { credentialBelongsTo, credentialPath, readStoredCredential, writeStoredCredential } from './credential-store.js';
import type { StoredCredential } from './credential-store.js';
import { EnrolmentError, exchangePairingCode } from './enrolment-client.js';
import type { ExchangeRequest, ExchangeResult } from './enrolment-client.js';
import { sameFingerprint } from './fingerprint.js';

export interface StationTrust {
  /** Absent when the station is not enrolled. */
  stationCredential?: string;
  /** The cafe server's certificate fingerprint the station accepts (https), or null: the platform's own checks. */
  pinnedFingerprint: string | null;
  /** 'stored': found on disk; 'enrolled': exchanged now; 'unenrolled': no credential. */
  state: 'stored' | 'enrolled' | 'unenrolled';
}

export type EnrolmentConfig = Pick<
  StationConfig,
  'serverUrl' | 'stationId' | 'dataDir' | 'pairingCode' | 'serverFingerprint' | 'macAddress' | 'pcName'
>;

export interface EnsureCredentialOptions {
  config: EnrolmentConfig;
  log: (line: string) => void;
  /** The MAC address and PC name sent with the exchange when the config does not override them. */
  identity?: () => { macAddress: string | null; pcName: string };
  now?: () => Date;
  /** Injected for tests; the real HTTP(S) exchange by default. */
  exchange?: (request: ExchangeRequest) => Promise<ExchangeResult>;
}

const isHttps = (serverUrl: string) => serverUrl.startsWith('https:');

/** What the stored credential remembers of the code it came from (never the code itself). */
export function pairingCodeHash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? (error instanceof Error ? error.message : String(error));
}

function fromStore(stored: StoredCredential, config: EnrolmentConfig, log: (line: string) => void): StationTrust {
  let pin = isHttps(config.serverUrl) ? stored.certificateFingerprint : null;
  if (isHttps(config.serverUrl) && config.serverFingerprint && !sameFingerprint(config.serverFingerprint, pin)) {
    log(`enrolment: serverFingerprint in station.json differs from the certificate pinned at enrolment (${pin ?? 'none'}); station.json wins`);
    pin = config.serverFingerprint;
  }
  log(`enrolment: station ${config.stationId} is enrolled with ${config.serverUrl} since ${stored.enrolledAt}`);
  return { stationCredential: stored.stationCredential, pinnedFingerprint: pin, state: 'stored' };
}

/** Never rejects: whatever goes wrong, the station runs (unenrolled) and the log says why. */
export async function ensureStationCredential(options: EnsureCredentialOptions): Promise<StationTrust> {
  try {
    return await enrol(options);
  } catch (error) {
    options.log(`enrolment: unexpected error (${errorCode(error)}); the station runs without a station credential`);
    return { pinnedFingerprint: null, state: 'unenrolled' };
  }
}

async function enrol(options: EnsureCredentialOptions): Promise<StationTrust> {
  const { config, log } = options;
  const exchange = options.exchange ?? exchangePairingCode;
  const code = config.pairingCode;
  const configuredPin = isHttps(config.serverUrl) ? (config.serverFingerprint ?? null) : null;
  const unenrolled: StationTrust = { pinnedFingerprint: configuredPin, state: 'unenrolled' };
  if (config.serverFingerprint && !isHttps(config.serverUrl)) {
    log(`enrolment: serverFingerprint is ignored: ${config.serverUrl} is not https`);
  }

  const stored = await readStoredCredential(config.dataDir);
  const next = code ? 'exchanging the pairing code for a new credential' : 'the station runs without a credential until it is given a pairing code';
  if (stored.kind === 'invalid') log(`enrolment: ignoring ${stored.problem}; ${next}`);
  let fallback: StoredCredential | null = null;
  if (stored.kind === 'ok') {
    const mine = credentialBelongsTo(stored.credential, config.serverUrl, config.stationId);
    // A pairing code other than the one the stored credential came from: the technician pairs the PC again
    // (after staff revoked it); if the new code is refused, the stored credential is kept.
    if (mine && (!code || stored.credential.pairingCodeHash === pairingCodeHash(code))) return fromStore(stored.credential, config, log);
    if (mine) {
      fallback = stored.credential;
      log(`enrolment: station.json has a new pairing code for station ${config.stationId}; pairing again`);
    } else {
      log(
        `enrolment: ${credentialPath(config.dataDir)} holds the credential of station ${stored.credential.stationId} on ${stored.credential.serverUrl}, ` +
          `not of station ${config.stationId} on ${config.serverUrl}; ${next}`,
      );
    }
  }
  if (!code) {
    if (stored.kind === 'none') {
      log(
        `enrolment: station ${config.stationId} is not enrolled (no pairing code: pairingCode in station.json, SPAWNPOINT_PAIRING_CODE or --pairing-code); it runs without a station credential`,
      );
    }
    return unenrolled;
  }

  const identity = options.identity?.();
  const macAddress = config.macAddress ?? identity?.macAddress ?? undefined;
  const pcName = config.pcName ?? identity?.pcName;
  let result: ExchangeResult;
  try {
    result = await exchange({
      serverUrl: config.serverUrl,
      stationId: config.stationId,
      pairingCode: code,
      ...(macAddress ? { macAddress } : {}),
      ...(pcName ? { pcName } : {}),
      ...(configuredPin ? { expectedFingerprint: configuredPin } : {}),
    });
  } catch (error) {
    const why = error instanceof EnrolmentError ? error.message : `unexpected error: ${errorCode(error)}`;
    if (fallback) {
      log(`enrolment: station ${config.stationId} could not pair again with ${config.serverUrl}: ${why}; it keeps its stored credential`);
      // Remember the code so a spent one is not tried at every start.
      await writeStoredCredential(config.dataDir, { ...fallback, pairingCodeHash: pairingCodeHash(code) }).catch(() => undefined);
      return fromStore(fallback, config, log);
    }
    log(`enrolment: station ${config.stationId} could not enrol with ${config.serverUrl}: ${why}; it runs without a station credential`);
    return unenrolled;
  }

  const record: StoredCredential = {
    serverUrl: config.serverUrl,
    stationId: config.stationId,
    stationCredential: result.stationCredential,
    certificateFingerprint: result.certificateFingerprint,
    enrolledAt: (options.now?.() ?? new Date()).toISOString(),
    pairingCodeHash: pairingCodeHash(code),
  };
  const pinned = result.certificateFingerprint ? `; server certificate ${result.certificateFingerprint} pinned` : '';
  try {
    const path = await writeStoredCredential(config.dataDir, record);
    log(`enrolment: station ${config.stationId} enrolled with ${config.serverUrl}; credential stored in ${path}${pinned}`);
  } catch (error) {
    log(
      `enrolment: station ${config.stationId} enrolled with ${config.serverUrl}, but the credential cannot be stored in ${credentialPath(config.dataDir)} (${errorCode(error)}); ` +
        `it is used until the station restarts, then a new pairing code is needed${pinned}`,
    );
  }
  return { stationCredential: result.stationCredential, pinnedFingerprint: result.certificateFingerprint, state: 'enrolled' };
}
