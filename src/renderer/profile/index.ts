/**
 * The profile feature (SPEC §2 Profile screen, /user-profile and
 * /steam-callback): the profile, XP and rewards, history, prepaid redeem,
 * Steam link and NFC cards. It reacts to the session (a session's end
 * forgets the screen and stops the reader and the Steam popup watch) and
 * tells the account feature when the balance or the XP changed (the
 * header's badge). Its services load with the screen (services.ts).
 */
import type { AccountService } from '../account/accountService.js';
import type { Core, Feature } from '../core/feature.js';
import type { SessionFeatureService } from '../session/index.js';
import { INITIAL_PROFILE_STATE, useProfileStore } from './profileStore.js';
import type { ProfileServices } from './services.js';

/** What the services are built from. */
export interface ProfileDeps {
  core: Core;
  /** The signed-in member's id (null: none, or a guest). */
  member(): string | null;
  /** The account feature reloads what the header shows. */
  refreshAccount(): void;
}

export interface ProfileFeatureService {
  /** The services, built once by the screen's chunk. */
  services(create: (deps: ProfileDeps) => ProfileServices): ProfileServices;
}

export type ProfileFeature = Feature<'profile', ProfileFeatureService>;

export function createProfileFeature(
  core: Core,
  features: { session: Feature<'session', SessionFeatureService>; account: Feature<'account', AccountService> },
): ProfileFeature {
  const { session } = features.session.service;
  const deps: ProfileDeps = {
    core,
    member: () => {
      const current = session.current;
      return current && !current.isGuest && current.userId ? current.userId : null;
    },
    refreshAccount: () => void features.account.service.refresh(),
  };
  let built: ProfileServices | null = null;
  const halt = () => {
    built?.nfc.stop();
    built?.steam.stop();
    built?.redeem.stop();
  };
  let off: (() => void) | null = null;
  return {
    name: 'profile',
    service: {
      services: (create) => (built ??= create(deps)),
    },
    stores: [useProfileStore],
    start() {
      off ??= session.on('ended', () => {
        halt();
        useProfileStore.setState({ ...INITIAL_PROFILE_STATE }, true);
      });
    },
    stop() {
      off?.();
      off = null;
      halt();
    },
  };
}
