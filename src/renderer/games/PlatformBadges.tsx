/** The platforms a game is on, each as a small named badge. */
import { platformName } from '../../shared/catalog/platforms.js';

export function PlatformBadges({ platforms }: { platforms: readonly number[] }) {
  return (
    <span className="platform-badges" data-testid="platform-badges">
      {platforms.map((platform) => (
        <span
          key={platform}
          className={`platform-badge platform-badge--${platform}`}
          data-platform={platform}
        >
          {platformName(platform)}
        </span>
      ))}
    </span>
  );
}
