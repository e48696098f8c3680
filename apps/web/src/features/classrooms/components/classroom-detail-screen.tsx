import type { ClassroomDetail } from '@school/contract/classrooms';
import { memo, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useParams, useSearchParams } from 'react-router';
import { CoverImage } from '../../../components/catalogue/cover-image';
import { DetailUnavailable } from '../../../components/catalogue/detail-unavailable';
import { PriceTag } from '../../../components/catalogue/price-tag';
import { RichHtml } from '../../../components/catalogue/rich-html';
import { TeacherList } from '../../../components/catalogue/teacher-card';
import { FavouriteStarSlot } from '../../../components/catalogue/favourite-star-slot';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/state-message';
import { formatDiscount } from '../../../lib/format';
import { useServerClock } from '../../../lib/server-clock';
import { showToast } from '../../../lib/toast';
import { useLocale } from '../../../lib/use-locale';
import { useLoginFirst } from '../../../lib/use-login-first';
import { useClassroom } from '../api/get-classroom';
import { useJoinClassroom } from '../api/join-classroom';
import { classroomAction, enrolPhase } from '../logic/enrol';
import { ClassroomActionBar } from './classroom-action-bar';
import { ClassroomAnnouncementsTab } from './classroom-announcements-tab';
import { ClassroomCoursesTab } from './classroom-courses-tab';
import { ClassroomEvaluationTab } from './classroom-evaluation-tab';
import { ClassroomFacts } from './classroom-facts';
import { ClassroomProgress } from './classroom-progress';
import { EnrolCountdown } from './enrol-countdown';
import { SectionTabs, type SectionTab } from '../../../components/catalogue/section-tabs';

const tabKeys = ['courses', 'intro', 'plan', 'evaluation', 'teachers', 'announcements'] as const;
type TabKey = (typeof tabKeys)[number];

function DetailSkeleton() {
  return (
    <LoadingRegion>
      <SkeletonBlock className="aspect-video w-full rounded-none" />
      <div className="space-y-3 bg-surface p-4">
        <SkeletonBlock className="h-5 w-4/5" />
        <SkeletonBlock className="h-6 w-1/4" />
        <SkeletonBlock className="h-16" />
        <SkeletonBlock className="h-9" />
      </div>
      <SkeletonBlock className="mt-2 h-10 rounded-none" />
      <div className="space-y-2 p-3">
        <SkeletonBlock className="h-16" />
        <SkeletonBlock className="h-16" />
      </div>
    </LoadingRegion>
  );
}

const RichSection = ({ html, empty }: { html: string; empty: string }) =>
  html.trim() ? (
    <div className="bg-surface p-4">
      <RichHtml html={html} />
    </div>
  ) : (
    <EmptyState title={empty} />
  );

/** The tabs; memoised so the countdown's ticking does not re-render them every second. */
const ClassroomSections = memo(function ClassroomSections({
  classroom,
  tab,
  onTab,
}: {
  classroom: ClassroomDetail;
  tab: TabKey;
  onTab(key: TabKey): void;
}) {
  const { t } = useTranslation();
  const tabs: SectionTab<TabKey>[] = [
    {
      key: 'courses',
      label: t('classrooms.tabs.courses'),
      render: () => <ClassroomCoursesTab courses={classroom.courses} member={classroom.membership !== null} />,
    },
    {
      key: 'intro',
      label: t('classrooms.tabs.intro'),
      render: () => <RichSection html={classroom.intro} empty={t('classrooms.intro.empty')} />,
    },
    {
      key: 'plan',
      label: t('classrooms.tabs.plan'),
      render: () => <RichSection html={classroom.teachingPlan} empty={t('classrooms.plan.empty')} />,
    },
    {
      key: 'evaluation',
      label: t('classrooms.tabs.evaluation'),
      render: () => (
        <ClassroomEvaluationTab
          uid={classroom.uid}
          ratingScore={classroom.ratingScore}
          ratingCount={classroom.ratingCount}
        />
      ),
    },
    {
      key: 'teachers',
      label: t('classrooms.tabs.teachers'),
      render: () =>
        classroom.teachers.length ? (
          <TeacherList teachers={classroom.teachers} className="p-3" testId="classroom-teachers" />
        ) : (
          <EmptyState title={t('classrooms.teachers.empty')} />
        ),
    },
    {
      key: 'announcements',
      label: t('classrooms.tabs.announcements'),
      render: () => <ClassroomAnnouncementsTab uid={classroom.uid} />,
    },
  ];
  return <SectionTabs tabs={tabs} label={t('classrooms.tabs.label')} active={tab} onChange={onTab} />;
});

function ClassroomDetailView({
  classroom,
  receivedAt,
  onStale,
}: {
  classroom: ClassroomDetail;
  receivedAt: number;
  onStale(): void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: TabKey = tabKeys.includes(tabParam as TabKey) ? (tabParam as TabKey) : 'courses';
  const onTab = useCallback(
    (key: TabKey) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (key === 'courses') next.delete('tab');
          else next.set('tab', key);
          return next;
        },
        // The tab is a view of this page, not a new page: back leaves the classroom.
        { replace: true },
      ),
    [setParams],
  );

  const ticking =
    classroom.enrolState === 'NOT_STARTED' || (classroom.enrolState === 'OPEN' && classroom.enrolEndTime !== null);
  const now = useServerClock({ serverNow: classroom.now, receivedAt, enabled: ticking });
  const phase = enrolPhase(classroom, now);
  const action = classroomAction(classroom, phase.state);

  // When the countdown crosses the opening or closing, ask the server once for the new state
  // (seats, membership) rather than trusting the phone alone.
  const askedFor = useRef<string | null>(null);
  useEffect(() => {
    if (phase.state === classroom.enrolState) return;
    const crossing = `${classroom.enrolState}->${phase.state}`;
    if (askedFor.current === crossing) return;
    askedFor.current = crossing;
    onStale();
  }, [phase.state, classroom.enrolState, onStale]);

  const join = useJoinClassroom(classroom.uid);
  const loginFirst = useLoginFirst();
  const onEnrol = () =>
    loginFirst(() => join.mutate(undefined, { onSuccess: () => showToast(t('classrooms.action.joined'), 'success') }));

  const showCoupon = classroom.coupon && classroom.price.amount > 0 && !classroom.membership;

  return (
    <>
      <CoverImage
        src={classroom.cover}
        alt={t('classrooms.detail.coverAlt', { title: classroom.title })}
        className="w-full"
      />
      <section className="space-y-3 bg-surface p-4" data-testid="classroom-summary">
        <h2 className="text-lg leading-snug font-semibold text-ink" data-testid="classroom-title">
          {classroom.title}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <PriceTag price={classroom.price} size="lg" />
          {showCoupon && classroom.coupon ? (
            <span
              className="rounded bg-brand-soft px-2 py-0.5 text-xs text-brand-strong"
              data-testid="classroom-coupon"
            >
              {t('classrooms.detail.coupon', {
                title: classroom.coupon.title,
                discount: formatDiscount(classroom.coupon.discount, locale),
              })}
            </span>
          ) : null}
        </div>
        <ClassroomFacts classroom={classroom} />
        {classroom.status !== 'DRAFT' ? <EnrolCountdown phase={phase} now={now} /> : null}
        {classroom.membership ? (
          <ClassroomProgress membership={classroom.membership} courseCount={classroom.courseCount} />
        ) : null}
      </section>
      <div className="mt-2">
        <ClassroomSections classroom={classroom} tab={tab} onTab={onTab} />
      </div>
      <ClassroomActionBar uid={classroom.uid} action={action} joining={join.isPending} onEnrol={onEnrol} />
    </>
  );
}

/**
 * /classroom/:uid: cover, price, facts, the enrolment window with a countdown corrected by the
 * server's clock, the member's progress, six tabs and the enrol / buy bar.
 */
export default function ClassroomDetailScreen() {
  const { t } = useTranslation();
  const { uid = '' } = useParams();
  const query = useClassroom(uid);
  const { refetch } = query;
  const onStale = useCallback(() => void refetch(), [refetch]);

  let body;
  if (query.data) {
    body = <ClassroomDetailView classroom={query.data} receivedAt={query.dataUpdatedAt} onStale={onStale} />;
  } else if (query.isError) {
    body = (
      <DetailUnavailable
        error={query.error}
        onRetry={() => void refetch()}
        notFound={{ title: t('error.classroomNotFound'), description: t('classrooms.detail.notFound') }}
        notPublished={{
          code: 'classroomNotPublished',
          title: t('error.classroomNotPublished'),
          description: t('classrooms.detail.notPublished'),
        }}
      />
    );
  } else {
    body = <DetailSkeleton />;
  }

  return (
    <ScreenLayout
      title={t('route.classroomDetail')}
      back
      surface="canvas"
      actions={<FavouriteStarSlot type="CLASSROOM" uid={uid} />}
    >
      {body}
    </ScreenLayout>
  );
}
