/**
 * The profile's services, built the first time the profile screen needs
 * them: they and the routes they call load with the screen's chunk, not with
 * the station's first download (index.ts holds only what they are built from).
 */
import { useFeatureService } from '../core/feature.js';
import type { ProfileDeps, ProfileFeatureService } from './index.js';
import { NfcCards } from './nfcCards.js';
import { PrepaidRedeem } from './prepaidRedeem.js';
import { ProfileService } from './profileService.js';
import { SteamLink } from './steamLink.js';

export interface ProfileServices {
  profile: ProfileService;
  redeem: PrepaidRedeem;
  steam: SteamLink;
  nfc: NfcCards;
}

export function createProfileServices({ core, member, refreshAccount }: ProfileDeps): ProfileServices {
  const changed = () => {
    void profile.load('refresh');
    refreshAccount();
  };
  const profile = new ProfileService({
    api: core.api,
    notify: core.notify,
    userId: member,
    timers: core.timers,
    onChanged: refreshAccount,
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
  return { profile, redeem, steam, nfc };
}

/** The profile's services (built on first use). */
export function useProfile(): ProfileServices {
  return useFeatureService<ProfileFeatureService>('profile').services(createProfileServices);
}
