import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useLocation } from 'react-router';
import { ChevronRightIcon, ClockIcon, DownloadIcon } from '../../../components/ui/icons';
import { Link } from '../../../components/ui/router-link';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { href } from '../../../config/route-paths';
import { StudyStatisticsPanel } from './study-statistics';

export type LearningTab = 'MyCourseList' | 'MyClassroomList' | 'MyExamList';

const tabs = [
  { route: 'MyCourseList', label: 'learning.tab.courses' },
  { route: 'MyClassroomList', label: 'learning.tab.classrooms' },
  { route: 'MyExamList', label: 'learning.tab.exams' },
] as const satisfies readonly { route: LearningTab; label: `learning.tab.${string}` }[];

/** A way from the learning centre to one of the learner's own pages (schedule, downloads). */
function WayRow({
  to,
  icon,
  title,
  hint,
  testId,
}: {
  to: string;
  icon: ReactNode;
  title: string;
  hint: string;
  testId: string;
}) {
  return (
    <li className="border-b border-line last:border-b-0">
      <Link to={to} className="flex min-h-11 items-center gap-3 px-3 py-2 active:bg-canvas" data-testid={testId}>
        {icon}
        <span className="min-w-0 flex-1">
          <span className="block text-sm font-semibold text-ink">{title}</span>
          <span className="block truncate text-xs text-ink-muted">{hint}</span>
        </span>
        <ChevronRightIcon aria-hidden="true" className="shrink-0 text-ink-subtle" />
      </Link>
    </li>
  );
}

/**
 * The learning centre's frame: the top bar, the learner's study statistics, the way to their
 * schedule and downloads, and its three sections as links (each its own
 * address, so a shared or reloaded link opens the same tab), the current one marked with
 * aria-current. Switching replaces the history entry, so Back leaves the centre rather than
 * walking through the tabs; the query (pathFrom=tab) goes along, so the bar keeps its state.
 */
export function LearningCenterLayout({ active, children }: { active: LearningTab; children: ReactNode }) {
  const { t } = useTranslation();
  const { search } = useLocation();
  // A tab page: the tab bar is the way around, so there is no back arrow (as on Home and Me).
  return (
    <ScreenLayout title={t('route.learning')}>
      <StudyStatisticsPanel />
      <ul className="mx-3 mt-2 overflow-hidden rounded-card bg-surface shadow-card">
        <WayRow
          to={href('learningSchedule')}
          icon={<ClockIcon aria-hidden="true" className="shrink-0 text-lg text-brand-strong" />}
          title={t('learning.schedule.open')}
          hint={t('learning.schedule.openHint')}
          testId="schedule-link"
        />
        <WayRow
          to={href('learningDownloads')}
          icon={<DownloadIcon aria-hidden="true" className="shrink-0 text-lg text-brand-strong" />}
          title={t('learning.downloads.open')}
          hint={t('learning.downloads.openHint')}
          testId="downloads-link"
        />
      </ul>
      <nav aria-label={t('learning.tabs.label')} className="sticky top-11 z-10 border-b border-line bg-surface">
        <ul className="flex">
          {tabs.map((tab) => {
            const current = tab.route === active;
            return (
              <li key={tab.route} className="min-w-0 flex-1">
                <Link
                  to={{ pathname: href(tab.route), search }}
                  replace
                  aria-current={current ? 'page' : undefined}
                  data-testid={`learning-tab-${tab.route}`}
                  // One line on a phone; two at the largest text sizes rather than past the screen's edge.
                  className={`relative flex min-h-11 items-center justify-center px-2 py-1 text-center text-sm leading-tight ${
                    current ? 'font-semibold text-brand-strong' : 'text-ink-muted'
                  }`}
                >
                  {t(tab.label)}
                  {current ? (
                    <span
                      aria-hidden="true"
                      className="absolute inset-x-4 bottom-0 h-0.5 rounded-full bg-brand-strong"
                    />
                  ) : null}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      {children}
    </ScreenLayout>
  );
}
