import type { FavouriteItem, FavouriteType } from '@school/contract/favourites';
import { useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { ProductCardSkeleton } from '../../../components/catalogue/product-card';
import { SectionTabs, type SectionTab } from '../../../components/catalogue/section-tabs';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { Link } from '../../../components/ui/router-link';
import { InboxIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { addMessages, useTranslation, type MessageLoader } from '../../../lib/i18n';
import { useMyFavourites } from '../api/get-my-favourites';
import { FavouriteCard } from './favourite-card';

/*
 * Its texts load from here rather than through the registry's loader: the registry lives in the
 * first screens' chunk, and every loader used there adds its bundles' names to what they download.
 */
const favouritesMessages: MessageLoader = (locale) =>
  locale === 'cn' ? import('../messages/cn').then((m) => m.cn) : import('../messages/en').then((m) => m.en);

/** This module once its texts are there: what the route waits for. */
export async function withTexts() {
  await addMessages(favouritesMessages);
  return { default: FavouritesScreen };
}

/** The tab of each type, as the address names it (`?tab=classrooms`). */
const tabs = { courses: 'COURSE', classrooms: 'CLASSROOM', exams: 'EXAM' } as const satisfies Record<
  string,
  FavouriteType
>;
type TabKey = keyof typeof tabs;
const tabKeys = Object.keys(tabs) as TabKey[];
const isTabKey = (key: string | null): key is TabKey => key !== null && key in tabs;

/** What each tab says when it is empty, and where its kind is found. */
const discover = {
  courses: { to: href('courseList'), title: 'favourites.empty.courses', link: 'favourites.discover.courses' },
  classrooms: {
    to: href('classroomList'),
    title: 'favourites.empty.classrooms',
    link: 'favourites.discover.classrooms',
  },
  exams: { to: href('singleExamList'), title: 'favourites.empty.exams', link: 'favourites.discover.exams' },
} as const;

const labels = {
  courses: 'favourites.tab.courses',
  classrooms: 'favourites.tab.classrooms',
  exams: 'favourites.tab.exams',
} as const;

/** The first covers a phone shows above the fold load at once; the rest when scrolled to. */
const eagerCards = 2;

const itemKey = (item: FavouriteItem) =>
  item.type === 'COURSE' ? item.course.uid : item.type === 'CLASSROOM' ? item.classroom.uid : item.exam.uid;

function FavouriteList({ tab }: { tab: TabKey }) {
  const { t } = useTranslation();
  const query = useMyFavourites(tabs[tab]);
  const empty = discover[tab];
  return (
    <>
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3. */}
      <h2 className="sr-only">{t(labels[tab])}</h2>
      <InfiniteList
        query={query}
        label={t(labels[tab])}
        itemKey={itemKey}
        renderItem={(item, index) => <FavouriteCard item={item} eager={index < eagerCards} />}
        className="space-y-3 p-3"
        testId="favourite-list"
        skeleton={
          <div className="space-y-3 p-3">
            {Array.from({ length: 3 }, (_, index) => (
              <ProductCardSkeleton key={index} />
            ))}
          </div>
        }
        empty={
          <StateMessage
            icon={<InboxIcon />}
            title={t(empty.title)}
            description={t('favourites.empty.hint')}
            action={
              <Link
                to={empty.to}
                className="inline-flex min-h-11 items-center rounded-full bg-brand-strong px-6 text-sm font-medium text-on-brand active:opacity-80"
                data-testid="favourites-discover"
              >
                {t(empty.link)}
              </Link>
            }
          />
        }
      />
    </>
  );
}

/** /me/favourites: the courses, classrooms and exams the learner starred, a tab each, newest star first. */
export default function FavouritesScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const active: TabKey = isTabKey(requested) ? requested : 'courses';
  const sections: SectionTab<TabKey>[] = tabKeys.map((key) => ({ key, label: t(labels[key]) }));

  return (
    <ScreenLayout title={t('route.myFavourites')} back>
      <SectionTabs
        tabs={sections}
        active={active}
        idBase="favourites"
        label={t('favourites.tabs.label')}
        sticky
        // A tab is a view of the same page: replaced, so Back leaves the screen.
        onChange={(key) => setParams({ tab: key }, { replace: true })}
      >
        <FavouriteList key={active} tab={active} />
      </SectionTabs>
    </ScreenLayout>
  );
}
