import type { FavouriteItem } from '@school/contract/favourites';
import { ProductCard } from '../../../components/catalogue/product-card';
import { href } from '../../../config/route-paths';
import { useTranslation } from '../../../lib/i18n';

/** A starred product as its catalogue list shows it: cover, title, a line of numbers, price. */
export function FavouriteCard({ item, eager }: { item: FavouriteItem; eager: boolean }) {
  const { t } = useTranslation();
  const comingSoon = (
    <span className="rounded-full bg-brand-soft px-2 py-0.5 text-xs text-brand-strong">
      {t('favourites.card.comingSoon')}
    </span>
  );
  switch (item.type) {
    case 'COURSE': {
      const { course } = item;
      return (
        <ProductCard
          to={href('courseDetail', { uid: course.uid })}
          cover={course.cover}
          title={course.title}
          subtitle={course.subtitle}
          meta={
            <span>
              {t('favourites.card.lessons', { count: course.lessonCount })}
              <span aria-hidden="true"> · </span>
              {t('favourites.card.students', { count: course.studentCount })}
            </span>
          }
          price={course.price}
          product={{ type: 'COURSE', uid: course.uid }}
          badge={course.status === 'DRAFT' ? comingSoon : null}
          eager={eager}
          testId="favourite-card"
        />
      );
    }
    case 'CLASSROOM': {
      const { classroom } = item;
      return (
        <ProductCard
          to={href('classroomDetail', { uid: classroom.uid })}
          cover={classroom.cover}
          title={classroom.title}
          meta={
            <span>
              {t('favourites.card.courses', { count: classroom.courseCount })}
              <span aria-hidden="true"> · </span>
              {t('favourites.card.students', { count: classroom.studentCount })}
            </span>
          }
          price={classroom.price}
          product={{ type: 'CLASSROOM', uid: classroom.uid }}
          badge={classroom.status === 'DRAFT' ? comingSoon : null}
          eager={eager}
          testId="favourite-card"
        />
      );
    }
    case 'EXAM': {
      const { exam } = item;
      return (
        <ProductCard
          to={href('singleExamDetail', { uid: exam.uid })}
          cover={exam.cover}
          title={exam.title}
          meta={
            <span>
              {t('favourites.card.questions', { count: exam.quizCount })}
              <span aria-hidden="true"> · </span>
              {t('favourites.card.totalScore', { count: exam.totalScore })}
            </span>
          }
          price={exam.price}
          product={{ type: 'EXAM', uid: exam.uid }}
          badge={exam.status === 'DRAFT' ? comingSoon : null}
          eager={eager}
          testId="favourite-card"
        />
      );
    }
  }
}
