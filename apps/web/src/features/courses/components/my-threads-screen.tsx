import { myThreadRoles, type MyThreadRole } from '@school/contract/courses';
import { useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { SectionTabs } from '../../../components/catalogue/section-tabs';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { ChatIcon } from '../../../components/ui/icons';
import { Link } from '../../../components/ui/router-link';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { useTranslation } from '../../../lib/i18n';
import { actionLinkClass } from '../../../components/form/form-styles';
import { useMyThreads } from '../api/get-my-threads';
import { ThreadCard } from './thread-card';

function roleOf(value: string | null): MyThreadRole {
  return value === 'answered' ? 'answered' : 'asked';
}

function MyThreadList({ role }: { role: MyThreadRole }) {
  const { t } = useTranslation();
  return (
    <>
      {/* The cards' titles are h3: this keeps the outline h1 → h2 → h3. */}
      <h2 className="sr-only">{t(`courses.myThreads.tab.${role}`)}</h2>
      <InfiniteList
        query={useMyThreads(role)}
        label={t(`courses.myThreads.tab.${role}`)}
        itemKey={(thread) => thread.id}
        className="bg-surface"
        testId="my-threads"
        skeleton={
          <div className="space-y-3 bg-surface p-4">
            <SkeletonBlock className="h-20" />
            <SkeletonBlock className="h-20" />
            <SkeletonBlock className="h-20" />
          </div>
        }
        empty={
          <StateMessage
            icon={<ChatIcon />}
            title={t(`courses.myThreads.empty.${role}`)}
            description={t('courses.myThreads.emptyHint')}
            action={
              <Link to={href('learning')} className={actionLinkClass}>
                {t('courses.myThreads.toLearning')}
              </Link>
            }
          />
        }
        renderItem={(thread) => <ThreadCard uid={thread.course.uid} thread={thread} />}
      />
    </>
  );
}

/**
 * /me/questions: the questions the learner asked, and (`?role=answered`) those they answered
 * with their latest answer, across courses; each opens the question on its course's board. The
 * tab is in the address, so Back from a question returns to the same tab.
 */
export default function MyThreadsScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const role = roleOf(params.get('role'));
  return (
    <ScreenLayout title={t('route.myThreads')} back>
      <SectionTabs
        tabs={myThreadRoles.map((key) => ({ key, label: t(`courses.myThreads.tab.${key}`) }))}
        active={role}
        onChange={(key) => setParams(key === 'asked' ? {} : { role: key }, { replace: true })}
        label={t('route.myThreads')}
        idBase="my-threads"
      >
        <MyThreadList key={role} role={role} />
      </SectionTabs>
    </ScreenLayout>
  );
}
