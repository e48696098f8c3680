import type { ArticleSummary } from '@school/contract/articles';
import type { ProductStatus } from '@school/contract/enums';
import { useId } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { ArticleCard, ArticleCardSkeleton } from '../../../components/catalogue/article-card';
import { ProductCard, ProductCardSkeleton } from '../../../components/catalogue/product-card';
import { ChevronRightIcon } from '../../../components/ui/icons';
import { LoadingRegion } from '../../../components/ui/skeleton';
import { href } from '../../../config/route-paths';
import { isoDate } from '../../../lib/format';
import { useRelativeTime } from '../../../lib/use-now';
import {
  productListMoreHref,
  useProductList,
  type ProductListBlock as Block,
  type ProductListResult,
} from '../api/get-product-list-block';

const joinMeta = (...parts: string[]) => parts.join(' · ');

function ComingSoon({ status }: { status: ProductStatus }) {
  const { t } = useTranslation();
  if (status !== 'DRAFT') return null;
  return (
    <span className="rounded bg-brand-soft px-1.5 py-0.5 text-xs text-brand-strong">{t('microPage.comingSoon')}</span>
  );
}

function ArticleMeta({ article }: { article: ArticleSummary }) {
  const { t } = useTranslation();
  const published = new Date(article.publishedAt);
  const when = useRelativeTime(published);
  return (
    <>
      {article.author} ·{' '}
      <time dateTime={article.publishedAt} title={isoDate(published)}>
        {when}
      </time>{' '}
      · {t('microPage.views', { count: article.viewCount })}
    </>
  );
}

/** The cards of a loaded list; `eager` loads the first cover at once when the list is at the top. */
function Items({ result, eager }: { result: ProductListResult; eager: boolean }) {
  const { t } = useTranslation();
  const first = (index: number) => eager && index === 0;
  switch (result.kind) {
    case 'courseList':
      return result.items.map((course, index) => (
        <li key={course.uid}>
          <ProductCard
            to={href('courseDetail', { uid: course.uid })}
            cover={course.cover}
            title={course.title}
            meta={joinMeta(
              t('microPage.lessons', { count: course.lessonCount }),
              t('microPage.learners', { count: course.studentCount }),
            )}
            price={course.price}
            product={{ type: 'COURSE', uid: course.uid }}
            badge={<ComingSoon status={course.status} />}
            eager={first(index)}
            testId="home-course-card"
          />
        </li>
      ));
    case 'classroomList':
      return result.items.map((classroom, index) => (
        <li key={classroom.uid}>
          <ProductCard
            to={href('classroomDetail', { uid: classroom.uid })}
            cover={classroom.cover}
            title={classroom.title}
            meta={joinMeta(
              t('microPage.courses', { count: classroom.courseCount }),
              t('microPage.learners', { count: classroom.studentCount }),
            )}
            price={classroom.price}
            product={{ type: 'CLASSROOM', uid: classroom.uid }}
            badge={<ComingSoon status={classroom.status} />}
            eager={first(index)}
            testId="home-classroom-card"
          />
        </li>
      ));
    case 'examList':
      return result.items.map((exam, index) => (
        <li key={exam.uid}>
          <ProductCard
            to={href('singleExamDetail', { uid: exam.uid })}
            cover={exam.cover}
            title={exam.title}
            meta={joinMeta(
              t('microPage.questions', { count: exam.quizCount }),
              exam.duration === null ? t('microPage.untimed') : t('microPage.minutes', { minutes: exam.duration }),
            )}
            price={exam.price}
            product={{ type: 'EXAM', uid: exam.uid }}
            badge={<ComingSoon status={exam.status} />}
            eager={first(index)}
            testId="home-exam-card"
          />
        </li>
      ));
    case 'articleList':
      return result.items.map((article, index) => (
        <li key={article.id}>
          <ArticleCard
            to={href('articleDetail', { id: article.id })}
            title={article.title}
            summary={article.summary}
            cover={article.cover}
            meta={<ArticleMeta article={article} />}
            eager={first(index)}
            testId="home-article-card"
          />
        </li>
      ));
  }
}

/**
 * A decorated list of courses, classrooms, exams or articles: a heading with a "more" link and
 * `limit` cards. Placeholders of the cards' exact size hold the space while it loads; an empty
 * or failed list takes no space at all (the client's notice already reports a failure).
 */
export function ProductListBlock({ block, priority }: { block: Block; priority: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const query = useProductList(block);
  if (query.isError || (query.data && query.data.items.length === 0)) return null;

  const Skeleton = block.kind === 'articleList' ? ArticleCardSkeleton : ProductCardSkeleton;
  return (
    <section aria-labelledby={headingId} className="mx-3 mt-4" data-testid={`home-${block.kind}`}>
      <div className="mb-2 flex items-center justify-between">
        <h2 id={headingId} className="text-base font-semibold text-ink">
          {block.title}
        </h2>
        <Link
          to={productListMoreHref(block)}
          // The visible "More" alone would not say more of what.
          aria-label={t('microPage.moreOf', { title: block.title })}
          className="flex min-h-8 items-center gap-0.5 text-xs text-ink-muted"
          data-testid="home-list-more"
        >
          {t('microPage.more')}
          <ChevronRightIcon />
        </Link>
      </div>
      {query.data ? (
        <ul className="space-y-2">
          <Items result={query.data} eager={priority} />
        </ul>
      ) : (
        <LoadingRegion>
          <div className="space-y-2">
            {Array.from({ length: block.limit }, (_, i) => (
              <Skeleton key={i} />
            ))}
          </div>
        </LoadingRegion>
      )}
    </section>
  );
}
