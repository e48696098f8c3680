import type { FavouriteItem } from '@school/contract/favourites';
import { ProductCard } from '../../../components/catalogue/product-card';
import { href } from '../../../config/route-paths';
import { useTranslation } from '../../../lib/i18n';

/** What differs between the three kinds of card: where it leads and its line of numbers. */
function cardOf(item: FavouriteItem, t: ReturnType<typeof useTranslation>['t']) {
  switch (item.type) {
    case 'COURSE':
      return {
        product: item.course,
        to: href('courseDetail', { uid: item.course.uid }),
        subtitle: item.course.subtitle,
        counts: [
          t('favourites.card.lessons', { count: item.course.lessonCount }),
          t('favourites.card.students', { count: item.course.studentCount }),
        ],
      };
    case 'CLASSROOM':
      return {
        product: item.classroom,
        to: href('classroomDetail', { uid: item.classroom.uid }),
        subtitle: undefined,
        counts: [
          t('favourites.card.courses', { count: item.classroom.courseCount }),
          t('favourites.card.students', { count: item.classroom.studentCount }),
        ],
      };
    case 'EXAM':
      return {
        product: item.exam,
        to: href('singleExamDetail', { uid: item.exam.uid }),
        subtitle: undefined,
        counts: [
          t('favourites.card.questions', { count: item.exam.quizCount }),
          t('favourites.card.totalScore', { count: item.exam.totalScore }),
        ],
      };
  }
}

/** A starred product as its catalogue list shows it: cover, title, a line of numbers, price. */
export function FavouriteCard({ item, eager }: { item: FavouriteItem; eager: boolean }) {
  const { t } = useTranslation();
  const { product, to, subtitle, counts } = cardOf(item, t);
  return (
    <ProductCard
      to={to}
      cover={product.cover}
      title={product.title}
      subtitle={subtitle}
      meta={
        <span>
          {counts[0]}
          <span aria-hidden="true"> · </span>
          {counts[1]}
        </span>
      }
      price={product.price}
      product={{ type: item.type, uid: product.uid }}
      badge={
        product.status === 'DRAFT' ? (
          <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs text-brand-strong">
            {t('favourites.card.comingSoon')}
          </span>
        ) : null
      }
      eager={eager}
      testId="favourite-card"
    />
  );
}
