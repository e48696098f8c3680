import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useServerClock } from '../../../lib/server-clock';

/** The warning comes this long before the deadline. */
export const warningMinutes = 5;

interface ExamTimerProps {
  deadline: string;
  /** The server's `now` with the attempt, and when it arrived: the device clock's offset. */
  serverNow: string;
  receivedAt: number;
  onTimeUp(): void;
}

function formatLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, '0');
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
}

/**
 * Time left against the server's deadline (the phone's clock corrected once by the attempt's
 * `now`). The ticking digits are not announced; the warning in the last minutes is, once.
 */
export function ExamTimer({ deadline, serverNow, receivedAt, onTimeUp }: ExamTimerProps) {
  const { t } = useTranslation();
  const now = useServerClock({ serverNow, receivedAt });
  const left = Date.parse(deadline) - now;
  const warning = left <= warningMinutes * 60_000;
  const up = left <= 0;
  const told = useRef(false);
  useEffect(() => {
    if (!up || told.current) return;
    told.current = true;
    onTimeUp();
  }, [up, onTimeUp]);

  // Two items of the answering header's grid: the digits beside Submit, the warning below both.
  return (
    <>
      <p
        className={`col-start-2 row-start-1 text-sm tabular-nums ${warning ? 'font-semibold text-warning' : 'text-ink'}`}
        data-testid="exam-timer"
      >
        <span className="sr-only">{t('examTaking.timer.label')} </span>
        {formatLeft(left)}
      </p>
      <p
        role="status"
        aria-live="polite"
        className="col-span-full row-start-2 text-xs text-warning [&:not(:empty)]:mt-1"
        data-testid="timer-announcement"
      >
        {up ? t('examTaking.timer.up') : warning ? t('examTaking.timer.warning', { minutes: warningMinutes }) : ''}
      </p>
    </>
  );
}
