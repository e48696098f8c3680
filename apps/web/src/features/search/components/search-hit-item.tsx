import type { SearchType } from '@school/contract/enums';
import type { ProductType } from '@school/contract/orders';
import type { SearchHit } from '@school/contract/search';
import { useTranslation } from '../../../lib/i18n';
import { ProductCard } from '../../../components/catalogue/product-card';
import { TeacherCard } from '../../../components/catalogue/teacher-card';
import { ClockIcon } from '../../../components/ui/icons';
import { isoDateMinutes } from '../../../lib/format';
import { searchHitHref } from '../logic/search-params';

/** The hits a learner can hold (a live lesson's key is its course, but the hit is the lesson). */
const ownable: Partial<Record<SearchType, ProductType>> = { COURSE: 'COURSE', PROJECT: 'CLASSROOM', EXAM: 'EXAM' };

function LiveStart({ startTime }: { startTime: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1">
      <ClockIcon />
      <time dateTime={startTime}>{t('search.liveStart', { time: isoDateMinutes(startTime) })}</time>
    </span>
  );
}

/** A course's lessons and learners, worded as on the course list's cards. */
function CourseCounts({ lessonCount, studentCount }: { lessonCount: number; studentCount: number }) {
  const { t } = useTranslation();
  return (
    <span>
      {t('search.lessons', { count: lessonCount })}
      <span aria-hidden="true"> · </span>
      {t('search.students', { count: studentCount })}
    </span>
  );
}

function hitMeta(hit: SearchHit) {
  if (hit.type === 'LIVE' && hit.startTime) return <LiveStart startTime={hit.startTime} />;
  if (hit.lessonCount !== null && hit.studentCount !== null) {
    return <CourseCounts lessonCount={hit.lessonCount} studentCount={hit.studentCount} />;
  }
  return undefined;
}

/**
 * One hit: courses (with their lessons and learners), classrooms and exams as product cards to their pages, a live lesson as a
 * card to its course with its start time, a teacher as a person (teachers have no page).
 */
export function SearchHitItem({ hit }: { hit: SearchHit }) {
  const to = searchHitHref(hit);
  if (to === null) {
    return (
      <div data-testid="search-teacher">
        <TeacherCard
          teacher={{
            id: Number(hit.key) || 0,
            name: hit.title,
            avatar: hit.image,
            title: hit.description,
            introduction: '',
          }}
        />
      </div>
    );
  }
  return (
    <ProductCard
      to={to}
      cover={hit.image}
      title={hit.title}
      subtitle={hit.description || undefined}
      meta={hitMeta(hit)}
      price={hit.price ?? undefined}
      product={ownable[hit.type] ? { type: ownable[hit.type]!, uid: hit.key } : undefined}
      testId="search-hit"
    />
  );
}
