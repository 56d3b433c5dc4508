/** SPEC §4/§9: the gates' 120 s countdown, red at 30 s or less, logging out at zero. */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MODAL_COUNTDOWN_RED_AT_S, MODAL_COUNTDOWN_S } from '../../../shared/constants.js';
import { Countdown, formatCountdown, isCountdownUrgent } from '../../core/time/countdown.js';

export function GateCountdown({ onTimeout }: { onTimeout(): void }) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(MODAL_COUNTDOWN_S);
  const timeout = useRef(onTimeout);
  timeout.current = onTimeout;
  useEffect(() => {
    const countdown = new Countdown(MODAL_COUNTDOWN_S, setSecondsLeft, () => timeout.current());
    countdown.start();
    return () => countdown.stop();
  }, []);
  const urgent = isCountdownUrgent(secondsLeft, MODAL_COUNTDOWN_RED_AT_S);
  return (
    <span
      className={`modal__countdown${urgent ? ' modal__countdown--urgent' : ''}`}
      role="timer"
      data-urgent={urgent}
      data-testid="gate-countdown"
    >
      {t('gate.logoutIn', { time: formatCountdown(secondsLeft) })}
    </span>
  );
}
