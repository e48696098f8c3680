import type { SearchHit } from '@school/contract/search';
import { useTranslation } from '../../../lib/i18n';
import { ProductCard } from '../../../components/catalogue/product-card';
import { TeacherCard } from '../../../components/catalogue/teacher-card';
import { ClockIcon } from '../../../components/ui/icons';
import { isoDateMinutes } from '../../../lib/format';
import { searchHitHref } from '../logic/search-params';

function LiveStart({ startTime }: { startTime: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1">
      <ClockIcon />
      <time dateTime={startTime}>{t('search.liveStart', { time: isoDateMinutes(startTime) })}</time>
    </span>
  );
}

/**
 * One hit: courses, classrooms and exams as product cards to their pages, a live lesson as a
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
      meta={hit.type === 'LIVE' && hit.startTime ? <LiveStart startTime={hit.startTime} /> : undefined}
      price={hit.price ?? undefined}
      testId="search-hit"
    />
  );
}
