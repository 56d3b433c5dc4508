/** "Take it" ("on my way") on an inbox row while nobody has it, and who has it once somebody does: one look for every row. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button.js';
import { useFormat } from '../ui/useFormat.js';

/**
 * When the item came in, then "Taken by X" once somebody has it. `label`: a text with {{time}} saying what the
 * time is (a room alert's "Last heard 19:02", "Since 19:05", "Ends at 19:40").
 */
export function ItemTime({ at, takenBy, label }: { at: string; takenBy?: string | null; label?: string }) {
  const { t } = useTranslation();
  const { clock } = useFormat();
  return (
    <span className="small muted" data-testid="item-time">
      {label ? t(label, { time: clock(at) }) : clock(at)}
      {takenBy ? ` · ${t('inbox.takenBy', { name: takenBy })}` : ''}
    </span>
  );
}

export function TakeIt({ takenBy, onTake }: { takenBy: string | null | undefined; onTake(): void }) {
  const { t } = useTranslation();
  if (takenBy) return null;
  return <Button onClick={onTake}>{t('inbox.ack')}</Button>;
}
