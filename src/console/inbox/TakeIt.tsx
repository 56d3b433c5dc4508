/** "Take it" ("on my way") on an inbox row while nobody has it, and who has it once somebody does: one look for every row. */
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/Button.js';
import { useFormat } from '../ui/useFormat.js';

/** When the item came in, then "Taken by X" once somebody has it. */
export function ItemTime({ at, takenBy }: { at: string; takenBy: string | null | undefined }) {
  const { t } = useTranslation();
  const { clock } = useFormat();
  return (
    <span className="small muted">
      {clock(at)}
      {takenBy ? ` · ${t('inbox.takenBy', { name: takenBy })}` : ''}
    </span>
  );
}

export function TakeIt({ takenBy, onTake }: { takenBy: string | null | undefined; onTake(): void }) {
  const { t } = useTranslation();
  if (takenBy) return null;
  return <Button onClick={onTake}>{t('inbox.ack')}</Button>;
}
