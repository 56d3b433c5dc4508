/**
 * The profile feature (SPEC §2 Profile screen, /user-profile and
 * /steam-callback): the profile, XP and rewards, history, prepaid redeem,
 * Steam link and NFC cards. It reacts to the session (a session's end
 * forgets the screen) and tells the account feature when the balance or the
 * XP changed (the header's badge).
 */
import type { AccountService } from '../account/accountService.js';
import { useFeatureService, type Core, type Feature } from '../core/feature.js';
import type { SessionFeatureService } from '../session/index.js';
import { NfcCards } from './nfcCards.js';
import { PrepaidRedeem } from './prepaidRedeem.js';
import { ProfileService } from './profileService.js';
import { INITIAL_PROFILE_STATE, useProfileStore } from './profileStore.js';
import { SteamLink } from './steamLink.js';

export interface ProfileFeatureService {
  profile: ProfileService;
  redeem: PrepaidRedeem;
  steam: SteamLink;
  nfc: NfcCards;
}

export type ProfileFeature = Feature<'profile', ProfileFeatureService>;

export function createProfileFeature(
  core: Core,
  features: { session: Feature<'session', SessionFeatureService>; account: Feature<'account', AccountService> },
): ProfileFeature {
  const { session } = features.session.service;
  const member = () => {
    const current = session.current;
    return current && !current.isGuest && current.userId ? current.userId : null;
  };
  const changed = () => {
    void profile.load('refresh');
    void features.account.service.refresh();
  };
  const profile = new ProfileService({
    api: core.api,
    notify: core.notify,
    userId: member,
    timers: core.timers,
    onChanged: () => void features.account.service.refresh(),
  });
  const redeem = new PrepaidRedeem({ api: core.api, onRedeemed: changed, timers: core.timers });
  const steam = new SteamLink({ api: core.api, win: core.win, notify: core.notify, onChanged: changed, timers: core.timers });
  const nfc = new NfcCards({
    api: core.api,
    bridge: core.bridge,
    notify: core.notify,
    userId: member,
    reload: () => profile.loadCards(),
    timers: core.timers,
  });
  let off: (() => void) | null = null;
  return {
    name: 'profile',
    service: { profile, redeem, steam, nfc },
    stores: [useProfileStore],
    start() {
      off ??= session.on('ended', () => {
        nfc.close();
        steam.stop();
        redeem.stop();
        useProfileStore.setState({ ...INITIAL_PROFILE_STATE }, true);
      });
    },
    stop() {
      off?.();
      off = null;
      nfc.stop();
      steam.stop();
      redeem.stop();
    },
  };
}

export const useProfile = () => useFeatureService<ProfileFeatureService>('profile');
