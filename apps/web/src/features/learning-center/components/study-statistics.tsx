import type { StudyStatistics } from '@school/contract/learning';
import { useId } from 'react';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { useTranslation } from '../../../lib/i18n';
import { useStudyStatistics } from '../api/get-study-statistics';

type Translate = ReturnType<typeof useTranslation>['t'];

/** Study time in whole minutes: "Under 1 min", "25 min", "1 h 5 min". */
export function studyTime(seconds: number, t: Translate): string {
  if (seconds > 0 && seconds < 60) return t('learning.stats.underMinute');
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return t('learning.stats.minutes', { count: minutes });
  return t('learning.stats.hoursMinutes', { hours: Math.floor(minutes / 60), minutes: minutes % 60 });
}

const weekdays = [
  'learning.stats.weekday.0',
  'learning.stats.weekday.1',
  'learning.stats.weekday.2',
  'learning.stats.weekday.3',
  'learning.stats.weekday.4',
  'learning.stats.weekday.5',
  'learning.stats.weekday.6',
] as const;

/** The weekday's short name of a school-calendar day (YYYY-MM-DD): the date itself, no time zone. */
const weekdayOf = (date: string) => weekdays[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

/** A new learner's statistics: nothing studied, nothing finished, no streak. */
const isEmpty = (stats: StudyStatistics) =>
  stats.totalLessonsFinished === 0 && stats.streakDays === 0 && stats.days.every((day) => day.seconds === 0);

/**
 * Seven bars of study time, today last. The bars are drawn for the eye only; a table that only
 * screen readers see gives the same numbers, with the lessons finished each day.
 */
function WeekChart({ stats }: { stats: StudyStatistics }) {
  const { t } = useTranslation();
  const longest = Math.max(...stats.days.map((day) => day.seconds), 1);
  const label = (date: string) => (date === stats.today ? t('learning.stats.today') : t(weekdayOf(date)));
  return (
    <>
      <div aria-hidden="true" className="mt-3 flex items-end gap-1.5" data-testid="study-chart">
        {stats.days.map((day) => (
          <div key={day.date} className="flex min-w-0 flex-1 flex-col items-center gap-1">
            <div className="flex h-16 w-full items-end justify-center rounded-t bg-canvas">
              <div
                className={`w-full max-w-6 rounded-t ${day.date === stats.today ? 'bg-brand-strong' : 'bg-brand-strong/60'}`}
                // At least a sliver for any study at all: a short day still shows.
                style={{ height: day.seconds === 0 ? 0 : `${Math.max(4, (day.seconds / longest) * 100)}%` }}
                data-testid="study-bar"
              />
            </div>
            <span className="text-[0.6875rem] leading-tight whitespace-nowrap text-ink-muted">{label(day.date)}</span>
          </div>
        ))}
      </div>
      {/* A table is as wide as its text whatever its width: hidden in a box that is not, or at large
          text sizes it reached past the screen's edge and the page scrolled sideways. */}
      <div className="sr-only">
        <table>
          <caption>{t('learning.stats.tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('learning.stats.day')}</th>
              <th scope="col">{t('learning.stats.time')}</th>
              <th scope="col">{t('learning.stats.lessons')}</th>
            </tr>
          </thead>
          <tbody>
            {stats.days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{`${label(day.date)} ${day.date}`}</th>
                <td>{studyTime(day.seconds, t)}</td>
                <td>{day.lessonsFinished}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/**
 * The learner's study at the top of the learning centre: time studied and lessons finished in
 * the last seven days (of the school's calendar), lessons finished in all, the streak, and the
 * seven days as bars. A learner who has not studied yet reads what will show here.
 */
export function StudyStatisticsPanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const { data: stats, isPending, isError } = useStudyStatistics();
  if (isError) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="mx-3 mt-3 rounded-card bg-surface p-3 shadow-card"
      data-testid="study-statistics"
    >
      <h2 id={headingId} className="text-sm font-semibold text-ink">
        {t('learning.stats.title')}
      </h2>
      {isPending ? (
        <SkeletonBlock className="mt-2 h-28" />
      ) : isEmpty(stats) ? (
        <p className="mt-1 text-xs text-ink-muted" data-testid="study-statistics-empty">
          {t('learning.stats.empty')}
        </p>
      ) : (
        <>
          <dl className="mt-2 grid grid-cols-3 gap-2">
            <div className="min-w-0">
              <dt className="text-xs text-ink-muted">{t('learning.stats.time')}</dt>
              <dd className="text-sm font-semibold text-ink" data-testid="study-week-time">
                {studyTime(stats.weekSeconds, t)}
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-ink-muted">{t('learning.stats.lessons')}</dt>
              <dd className="text-sm font-semibold text-ink" data-testid="study-week-lessons">
                {stats.weekLessonsFinished}
                <span className="block text-xs font-normal text-ink-muted">
                  {t('learning.stats.total', { count: stats.totalLessonsFinished })}
                </span>
              </dd>
            </div>
            <div className="min-w-0">
              <dt className="text-xs text-ink-muted">{t('learning.stats.streak')}</dt>
              <dd className="text-sm font-semibold text-ink" data-testid="study-streak">
                {t('learning.stats.streakDays', { count: stats.streakDays })}
                {stats.streakDays > 0 && !stats.studiedToday ? (
                  <span className="block text-xs font-normal text-ink-muted">{t('learning.stats.keepItUp')}</span>
                ) : null}
              </dd>
            </div>
          </dl>
          <WeekChart stats={stats} />
        </>
      )}
    </section>
  );
}
