/** A receipt in the desk's language: what was sent and why it failed (the server speaks English codes). */
import type { TFunction } from 'i18next';
import { RECEIPT_REASONS, RECEIPT_REFUSED_PREFIX, type Receipt } from '../../shared/api/console.js';
import { receiptAction } from './roomService.js';

/** The room's own button names for the commands it sends. */
const COMMAND_LABELS: Readonly<Record<string, string>> = {
  LOGOUT_USER: 'room.logout',
  RESTART: 'room.restart',
  SHUTDOWN: 'room.shutdown',
  OPEN_TASK_MANAGER: 'room.taskManager',
  RENAME_PC: 'room.rename',
};

/** A cafe's own stations changed from the Stations screen (issue 22). */
const STATION_LABELS: Readonly<Record<string, string>> = {
  'add-station': 'receipt.station.add',
  'edit-station': 'receipt.station.edit',
  'pairing-code': 'receipt.station.code',
  'revoke-credential': 'receipt.station.revoke',
};

/** What was sent, in the desk's language (an action the console does not know reads as sent). */
export function actionText(t: TFunction, action: string, message?: string | null): string {
  const lock = receiptAction(action, message);
  if (lock) return t('receipt.lock', { message: lock.lock });
  if (action === 'unlock-guest') return t('room.unlock');
  if (action.startsWith('status:')) {
    const status = action.slice('status:'.length);
    return `${t('room.setStatus')}: ${t(`status.${status}`, { defaultValue: status })}`;
  }
  const key = COMMAND_LABELS[action] ?? STATION_LABELS[action];
  return key ? t(key) : action;
}

/** Why, in the desk's language: the server's own reasons translated, a station's refusal in its own words. */
export function reasonText(t: TFunction, reason: string): string {
  const known = (Object.keys(RECEIPT_REASONS) as (keyof typeof RECEIPT_REASONS)[]).find((k) => RECEIPT_REASONS[k] === reason);
  if (known) return t(`receipt.reason.${known}`);
  if (reason.startsWith(RECEIPT_REFUSED_PREFIX)) return t('receipt.reason.refused', { detail: reason.slice(RECEIPT_REFUSED_PREFIX.length) });
  return reason;
}

export function receiptLine(t: TFunction, r: Receipt): string {
  return t('receipt.line', { number: r.stationNumber ?? '?', action: actionText(t, r.action, r.message), state: t(`receipt.${r.state}`) });
}
