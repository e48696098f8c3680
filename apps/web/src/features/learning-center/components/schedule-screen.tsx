import { lazy, Suspense, useMemo, useState } from 'react';
import { schedulePaths, type ScheduleItem } from '@school/contract/schedule';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { ClockIcon, Svg } from '../../../components/ui/icons';
import { Link } from '../../../components/ui/router-link';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { ErrorState, StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { isoDate } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { scheduleDays, useSchedule } from '../api/get-schedule';
import { scheduleDaysOf } from '../logic/schedule-days';

const intlLocale = { cn: 'zh-CN', en: 'en-GB' } as const;

// Loaded on the first tap of "Subscribe in your calendar".
const CalendarFeedSheet = lazy(() => import('./calendar-feed-sheet'));

/** A calendar page with a plus: "add to calendar" (only this screen draws it). */
function CalendarPlusIcon() {
  return (
    <Svg>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4M12 13v5M9.5 15.5h5" />
    </Svg>
  );
}

/** The learner's language's formats: a day's heading ("Sat 5 Dec", "12月5日周六") and an item's time. */
function formatsOf(locale: keyof typeof intlLocale) {
  return {
    day: new Intl.DateTimeFormat(intlLocale[locale], { weekday: 'short', month: 'short', day: 'numeric' }),
    time: new Intl.DateTimeFormat(intlLocale[locale], { hour: '2-digit', minute: '2-digit' }),
  };
}

function ScheduleRow({ item, time }: { item: ScheduleItem; time: Intl.DateTimeFormat }) {
  const { t, locale } = useTranslation();
  return (
    <li className="flex border-b border-line last:border-b-0">
      <Link
        to={item.link}
        className="flex min-h-11 min-w-0 flex-1 gap-3 py-3 pl-4 active:bg-canvas"
        data-testid="schedule-item"
        data-kind={item.kind}
      >
        <time dateTime={item.at} className="w-12 shrink-0 pt-0.5 text-sm font-semibold text-ink tabular-nums">
          {time.format(new Date(item.at))}
        </time>
        <span className="min-w-0 flex-1">
          <span className="block text-xs font-medium text-brand-strong">
            {t(`learning.schedule.kind.${item.kind}`)}
          </span>
          <span className="block text-sm font-medium break-words text-ink">{item.title}</span>
          {item.course ? <span className="block truncate text-xs text-ink-muted">{item.course}</span> : null}
        </span>
      </Link>
      {/* A plain link: the browser downloads the file and the phone offers it to its calendar. */}
      <a
        href={schedulePaths.itemIcs(item.id, locale)}
        download
        aria-label={t('learning.calendar.addItem', { title: item.title })}
        className="flex w-12 shrink-0 items-center justify-center text-xl text-ink-muted active:bg-canvas"
        data-testid="schedule-item-ics"
      >
        <CalendarPlusIcon />
      </a>
    </li>
  );
}

/**
 * /learning/schedule: everything with a date in what the learner holds (live and activity
 * lessons, exam windows, classroom starts, access ending), the next 30 days, by day of the
 * phone's calendar; each opens what it is about.
 */
export default function ScheduleScreen() {
  const { t, locale } = useTranslation();
  const schedule = useSchedule();
  const formats = useMemo(() => formatsOf(locale), [locale]);
  const [feedSheet, setFeedSheet] = useState({ loaded: false, open: false });
  // "Today" and "Tomorrow" by name, other days by their date.
  const dayHeading = (date: string) => {
    const [year, month, day] = date.split('-').map(Number) as [number, number, number];
    const label = formats.day.format(new Date(year, month - 1, day));
    const today = new Date();
    if (date === isoDate(today)) return t('learning.schedule.today', { date: label });
    if (date === isoDate(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1))) {
      return t('learning.schedule.tomorrow', { date: label });
    }
    return label;
  };
  let body;
  if (schedule.isPending) {
    body = (
      <LoadingRegion>
        <div className="space-y-3 p-4">
          <SkeletonBlock className="h-5 w-1/3" />
          <SkeletonBlock className="h-16" />
          <SkeletonBlock className="h-16" />
        </div>
      </LoadingRegion>
    );
  } else if (schedule.isError) {
    body = <ErrorState onRetry={() => void schedule.refetch()} />;
  } else {
    const days = scheduleDaysOf(schedule.data.items, new Date());
    body =
      days.length === 0 ? (
        <StateMessage
          icon={<ClockIcon />}
          title={t('learning.schedule.empty', { count: scheduleDays })}
          description={t('learning.schedule.emptyHint')}
          action={
            <Link
              to={href('MyCourseList')}
              className="inline-flex min-h-11 items-center px-3 text-sm font-medium text-brand-strong"
            >
              {t('learning.schedule.toCourses')}
            </Link>
          }
        />
      ) : (
        <div data-testid="schedule">
          {days.map((day) => (
            <section key={day.date} aria-labelledby={`schedule-${day.date}`} className="mt-3">
              <h2 id={`schedule-${day.date}`} className="px-4 pb-1 text-sm font-semibold text-ink-muted">
                {dayHeading(day.date)}
              </h2>
              <ul className="bg-surface">
                {day.items.map((item) => (
                  <ScheduleRow key={item.id} item={item} time={formats.time} />
                ))}
              </ul>
            </section>
          ))}
          <p className="px-4 py-4 text-center text-xs text-ink-muted">
            {t('learning.schedule.span', { count: scheduleDays })}
          </p>
        </div>
      );
  }
  return (
    <ScreenLayout title={t('route.learningSchedule')} back>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setFeedSheet({ loaded: true, open: true })}
        className="flex min-h-11 w-full items-center gap-3 bg-surface px-4 py-2 text-left text-sm font-medium text-brand-strong active:bg-canvas"
        data-testid="calendar-feed-entry"
      >
        <span className="text-xl">
          <CalendarPlusIcon />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block">{t('learning.calendar.subscribe')}</span>
          <span className="block text-xs font-normal text-ink-muted">{t('learning.calendar.subscribeHint')}</span>
        </span>
      </button>
      {body}
      <Suspense fallback={null}>
        {feedSheet.loaded ? (
          <CalendarFeedSheet open={feedSheet.open} onClose={() => setFeedSheet({ loaded: true, open: false })} />
        ) : null}
      </Suspense>
    </ScreenLayout>
  );
}
