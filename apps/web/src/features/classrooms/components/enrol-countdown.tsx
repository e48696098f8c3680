import { useTranslation } from '../../../lib/i18n';
import { isoDateMinutes } from '../../../lib/format';
import { countdownMessage, enrolStateMessageIds, type EnrolPhase } from '../logic/enrol';

/**
 * Where enrolment stands, with a live countdown to its opening or closing. The ticking digits
 * are hidden from screen readers (a timer read out every second is noise); the timer's name
 * says the fixed moment instead ("Enrolment closes at 2025-06-20 18:00").
 */
export function EnrolCountdown({ phase, now }: { phase: EnrolPhase; now: number }) {
  const { t } = useTranslation();
  const { state, countdown } = phase;
  const heading = state === 'OPEN' && !countdown ? t('classrooms.enrol.openNoEnd') : t(enrolStateMessageIds[state]);
  const left = countdown ? countdownMessage(countdown.at - now) : null;
  const tone = state === 'OPEN' ? 'bg-brand-soft text-brand-strong' : 'bg-canvas text-ink-muted';

  return (
    <div
      className={`flex items-center justify-between gap-3 rounded-lg px-3 py-2 text-sm ${tone}`}
      data-testid="enrol-status"
      data-state={state}
    >
      <span className="font-medium">{heading}</span>
      {countdown && left ? (
        <span
          role="timer"
          aria-live="off"
          aria-label={t(countdown.to === 'start' ? 'classrooms.enrol.opensAt' : 'classrooms.enrol.closesAt', {
            time: isoDateMinutes(countdown.at),
          })}
          className="font-semibold tabular-nums"
          data-testid="enrol-countdown"
        >
          {/* A server-rendered page shows the time left when it was made (useServerClock); mounting corrects it. */}
          <span aria-hidden="true">{t(left.id, left.values)}</span>
        </span>
      ) : null}
    </div>
  );
}
