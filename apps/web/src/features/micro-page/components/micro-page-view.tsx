import { lazy, Suspense } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSessionUser } from '../../../lib/use-session-user';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { EmptyState, ErrorState } from '../../../components/ui/state-message';
import { isApiError } from '../../../lib/api-error';
import { useMicroPage } from '../api/get-micro-page';
import { MicroPageBlocks } from './micro-page-blocks';
import { MicroPageSkeleton } from './micro-page-skeleton';

// Only a signed-in learner's home shows it: a visitor's first screen does not carry its code.
const ContinueLearning = lazy(() => import('./continue-learning'));

interface MicroPageViewProps {
  /** null while the id itself is still being worked out (the homepage waits for the tabs). */
  id: number | null;
  back?: boolean;
  /** A home page: a signed-in learner finds where they left off above the school's blocks. */
  home?: boolean;
  /** Heading shown until the page's own title arrives. */
  fallbackTitle?: string | undefined;
}

/** A decorated page by id: header, then its components; skeleton, error and empty states. */
export function MicroPageView({ id, back = false, home = false, fallbackTitle }: MicroPageViewProps) {
  const { t } = useTranslation();
  const viewer = useSessionUser()?.id ?? null;
  const query = useMicroPage(id);
  const { data } = query;
  const title = data?.title ?? fallbackTitle ?? <SkeletonBlock className="mx-auto h-4 w-24" />;

  let body;
  if (data) {
    body = data.components.length ? (
      <MicroPageBlocks components={data.components} signedIn={viewer !== null} />
    ) : (
      <EmptyState description={t('microPage.empty')} />
    );
  } else if (query.isError) {
    const notFound = isApiError(query.error) && query.error.status === 404;
    body = notFound ? (
      <EmptyState title={t('error.pageNotFound')} description={t('microPage.notFound')} />
    ) : (
      <ErrorState onRetry={() => void query.refetch()} />
    );
  } else if (id !== null && !Number.isInteger(id)) {
    body = <EmptyState title={t('error.pageNotFound')} description={t('microPage.notFound')} />;
  } else {
    body = <MicroPageSkeleton />;
  }

  return (
    <ScreenLayout title={title} back={back}>
      {home && viewer !== null ? (
        <Suspense fallback={null}>
          <ContinueLearning viewer={viewer} />
        </Suspense>
      ) : null}
      {body}
    </ScreenLayout>
  );
}
