/**
 * SPEC §2 "platform icons": one small icon per platform, drawn in the text's
 * colour. The stores' own marks (Simple Icons: Steam, Epic Games, Riot, EA,
 * Ubisoft) where one exists; the app's one icon set (lucide) for the rest.
 */
import { AppWindow, Box, Gamepad, Gamepad2, Network, User, type LucideIcon } from 'lucide-react';
import { siEa, siEpicgames, siRiotgames, siSteam, siUbisoft } from 'simple-icons';
import { Platform } from '../../shared/catalog/platforms.js';

const BRANDS: Partial<Record<number, { path: string }>> = {
  [Platform.Steam]: siSteam,
  [Platform.Epic]: siEpicgames,
  [Platform.Riot]: siRiotgames,
  [Platform.EA]: siEa,
  [Platform.Ubisoft]: siUbisoft,
};
const GLYPHS: Partial<Record<number, LucideIcon>> = {
  [Platform.Application]: AppWindow,
  [Platform.LAN]: Network,
  [Platform.SinglePlayer]: User,
  [Platform.Host]: Gamepad2,
  [Platform.XboxApp]: Gamepad,
  [Platform.Game]: Gamepad2,
};

export function PlatformIcon({ platform, size = 14 }: { platform: number; size?: number }) {
  const brand = BRANDS[platform];
  if (brand) {
    return (
      <svg className="platform-icon" viewBox="0 0 24 24" width={size} height={size} fill="currentColor" aria-hidden="true" data-platform-icon={platform}>
        <path d={brand.path} />
      </svg>
    );
  }
  const Glyph = GLYPHS[platform] ?? Box;
  return <Glyph className="platform-icon" size={size} aria-hidden="true" data-platform-icon={platform} />;
}
