/** The platforms a game is on, each as a small badge with its icon and name. */
import { useTranslation } from 'react-i18next';
import { PlatformIcon } from './PlatformIcon.js';
import { platformLabel } from './platformLabel.js';

export function PlatformBadges({ platforms }: { platforms: readonly number[] }) {
  const { t } = useTranslation();
  return (
    <span className="platform-badges" data-testid="platform-badges">
      {platforms.map((platform) => (
        <span
          key={platform}
          className={`platform-badge platform-badge--${platform}`}
          data-platform={platform}
        >
          <PlatformIcon platform={platform} size={12} />
          {platformLabel(t, platform)}
        </span>
      ))}
    </span>
  );
}
