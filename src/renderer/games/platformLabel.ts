/**
 * Platform names as the station shows them: brands (Steam, Epic, Riot…) as
 * they are, the generic ones (Application, LAN, Single Player, Other, Game)
 * in the station's language.
 */
import type { TFunction } from 'i18next';
import { platformChipLabel, platformName, type Platform } from '../../shared/catalog/platforms.js';
import type { MessageKey } from '../../shared/i18n/en.js';

const GENERIC: Record<string, MessageKey> = {
  Application: 'platform.application',
  LAN: 'platform.lan',
  'Single Player': 'platform.singlePlayer',
  Other: 'platform.other',
  Game: 'platform.game',
};

function translated(t: TFunction, name: string): string {
  const key = GENERIC[name];
  return key ? t(key) : name;
}

/** A platform's name (badges, the game modal). */
export function platformLabel(t: TFunction, platform: number): string {
  return translated(t, platformName(platform));
}

/** A filter chip's name (§2: Game shows as Other). */
export function chipLabel(t: TFunction, platform: Platform): string {
  return translated(t, platformChipLabel(platform));
}
