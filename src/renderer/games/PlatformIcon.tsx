/**
 * SPEC §2 "platform icons": one small icon per platform, drawn in the text's
 * colour. The stores' own marks (Simple Icons: Steam, Epic Games, Riot, EA,
 * Ubisoft) where one exists; the app's one icon set (lucide) for the rest.
 */
import { AppWindow, Box, Gamepad, Gamepad2, Network, User, type LucideIcon } from 'lucide-react';
import { siEa, siEpicgames, siRiotgames, siSteam, siUbisoft } from 'simple-icons';

const BRANDS: Partial<Record<number, { path: string }>> = { 3: siSteam, 4: siEpicgames, 6: siRiotgames, 7: siEa, 8: siUbisoft };
const GLYPHS: Partial<Record<number, LucideIcon>> = { 0: AppWindow, 1: Network, 2: User, 5: Gamepad2, 9: Gamepad, 11: Gamepad2 };

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
