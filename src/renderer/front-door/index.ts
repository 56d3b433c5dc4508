/**
 * The front-door feature (SPEC §2 login / lock screen, §4 login outcomes,
 * NFC, QR/OAuth and registration): every way in, and the gates a login may
 * be held behind. It claims the sessionStarted its own logins cause.
 */
import { oauthCheckEmail, oauthProviders, oauthQrSession, oauthQrStatus } from '../../shared/api/auth.js';
import { QR_IMAGE_SIZE_PX } from '../../shared/constants.js';
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { MediaService } from '../core/media/mediaService.js';
import type { SessionFeatureService } from '../session/index.js';
import type { StationFeatureService } from '../station/index.js';
import { FrontDoorRequests } from './frontDoorRequests.js';
import { FrontDoorService } from './frontDoorService.js';
import { useGateStore } from './gates/gateStore.js';
import type { TopUpWatchDeps } from './gates/topUpWatch.js';
import type { NfcLoginFlowDeps } from './nfc/nfcLoginFlow.js';
import type { QrLoginFlowDeps } from './qr/qrLoginFlow.js';

export interface FrontDoorFeatureService {
  frontDoor: FrontDoorService;
  requests: FrontDoorRequests;
  media: MediaService;
  /**
   * What the modals' flows run on (their classes load with the login
   * screen's chunk, not with the app): the NFC login with the tapped card,
   * the QR/OAuth login, the top-up gate's offers and profile poll.
   */
  flows: {
    nfc: Omit<NfcLoginFlowDeps, 'onChange' | 'onClose'>;
    qr: Omit<QrLoginFlowDeps, 'onChange' | 'onClose' | 'onError' | 'onSignUp'>;
    topUp: TopUpWatchDeps;
  };
}

export type FrontDoorFeature = Feature<'frontDoor', FrontDoorFeatureService>;

/** The QR image, drawn on the station; qrcode loads only when a QR is shown. */
async function drawQr(url: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(url, { width: QR_IMAGE_SIZE_PX, margin: 1 });
}

export function createFrontDoorFeature(
  core: Core,
  features: { station: Feature<'station', StationFeatureService>; session: Feature<'session', SessionFeatureService> },
): FrontDoorFeature {
  const { session } = features.session.service;
  const stationInfo = features.station.service.info;
  const frontDoor = new FrontDoorService({ api: core.api, session, status: features.station.service.status });
  let offClaim: (() => void) | null = null;

  return {
    name: 'frontDoor',
    stores: [useGateStore],
    service: {
      frontDoor,
      requests: new FrontDoorRequests(core.api),
      media: core.media,
      flows: {
        nfc: {
          bridge: core.bridge,
          timers: core.timers,
          login: async (cardUid, onAuthenticated) => {
            const station = stationInfo();
            if (!station?.macAddress) throw new Error('missing MAC address');
            await frontDoor.nfcLogin(cardUid, station, onAuthenticated);
          },
        },
        qr: {
          timers: core.timers,
          listProviders: () => core.api.call(oauthProviders, {}),
          hasMacAddress: () => Boolean(stationInfo()?.macAddress),
          startSession: (provider) => core.api.call(oauthQrSession, { params: { provider } }),
          pollStatus: (sessionId) => core.api.call(oauthQrStatus, { params: { sessionId } }),
          drawQr,
          finish: async (userData) => {
            const { handleOAuthResult } = await import('./qr/oauthResult.js');
            return handleOAuthResult(userData, {
              station: stationInfo(),
              checkEmail: (body) => frontDoor.inFlight(() => core.api.call(oauthCheckEmail, { body })),
              complete: (response, station) => frontDoor.complete(response, station),
            });
          },
        },
        topUp: { api: core.api, frontDoor, timers: core.timers },
      },
    },
    start() {
      // A login of ours announces itself with sessionStarted: it is ours, not a new session.
      offClaim ??= session.addSessionStartedClaim((payload) => frontDoor.claims(payload));
    },
    stop() {
      offClaim?.();
      offClaim = null;
    },
  };
}

export const useFrontDoor = () => useFeatureService<FrontDoorFeatureService>('frontDoor');
