import type { LessonContent } from '@school/contract/lessons';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../../lib/i18n';
import { ClockIcon } from '../../../../components/ui/icons';
import { StateMessage } from '../../../../components/ui/state-message';
import { formatDuration, isoDateMinutes } from '../../../../lib/format';
import { useServerClock } from '../../../../lib/server-clock';
import { useLocale } from '../../../../lib/use-locale';
import type { ViewerProgress } from '../../logic/use-lesson-progress';
import { ExternalLinkButton } from './external-link-button';

type Live = Extract<LessonContent, { kind: 'LIVE' }>;

/** The room opens this long before the start (the server gives `liveUrl` from then on). */
const roomOpensBeforeMs = 15 * 60_000;

/** Which moment the learner waits for: the room opening, the start, or none left. */
export function livePhase(startTime: string | null, now: number): 'waiting' | 'roomOpen' | 'started' {
  if (!startTime) return 'waiting';
  const start = Date.parse(startTime);
  if (now >= start) return 'started';
  return now >= start - roomOpensBeforeMs ? 'roomOpen' : 'waiting';
}

interface LivePanelProps {
  live: Live;
  progress: ViewerProgress;
  /** The room opened or the class started while watching the countdown: fetch the lesson again. */
  onMoment(): void;
}

/**
 * A live lesson: a countdown to the start, then "Enter the live room" (entering counts,
 * position 1), and after the class a note that the replay is being prepared.
 */
export function LivePanel({ live, progress, onMoment }: LivePanelProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const upcoming = live.state === 'UPCOMING' && live.startTime !== null;
  const now = useServerClock({ serverNow: undefined, receivedAt: 0, enabled: upcoming });
  const phase = livePhase(live.startTime, now);
  const seenPhase = useRef(phase);
  useEffect(() => {
    if (!upcoming || seenPhase.current === phase) return;
    seenPhase.current = phase;
    onMoment();
  }, [upcoming, phase, onMoment]);

  if (live.state === 'REPLAY_PREPARING') {
    return (
      <div className="bg-surface" data-testid="live-panel">
        <StateMessage
          role="status"
          icon={<ClockIcon />}
          title={t('lessons.live.replayPreparing')}
          description={t('lessons.live.replayPreparingWhy')}
        />
      </div>
    );
  }

  const enter = live.liveUrl ? (
    <ExternalLinkButton href={live.liveUrl} onOpen={() => progress.report(1)}>
      {t('lessons.live.enter')}
    </ExternalLinkButton>
  ) : (
    <p className="mt-5 text-center text-sm text-ink-muted">{t('lessons.live.roomNotOpen')}</p>
  );

  if (live.state === 'LIVE') {
    return (
      <section aria-labelledby="live-title" className="bg-surface px-4 py-6 text-center" data-testid="live-panel">
        <h2 id="live-title" className="text-base font-semibold text-ink">
          {t('lessons.live.onAir')}
        </h2>
        {enter}
      </section>
    );
  }

  const start = live.startTime ? Date.parse(live.startTime) : null;
  const secondsLeft = start === null ? null : Math.max(0, Math.ceil((start - now) / 1000));
  return (
    <section aria-labelledby="live-title" className="bg-surface px-4 py-6 text-center" data-testid="live-panel">
      <h2 id="live-title" className="text-base font-semibold text-ink">
        {t('lessons.live.upcoming')}
      </h2>
      {live.startTime ? (
        <>
          <p className="mt-2 text-sm text-ink-muted">
            {t('lessons.live.startsAt', { time: isoDateMinutes(live.startTime) })}
          </p>
          {/* Visible every second; read out by screen readers only when asked (no live region). */}
          <p className="mt-3 text-lg font-semibold text-brand-strong tabular-nums" data-testid="live-countdown">
            {t('lessons.live.countdown', { left: formatDuration(secondsLeft ?? 0, locale) })}
          </p>
        </>
      ) : (
        <p className="mt-2 text-sm text-ink-muted">{t('lessons.live.noStartTime')}</p>
      )}
      {enter}
    </section>
  );
}
