import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../lib/i18n';
import { ScreenLayout } from '../../components/layout/screen-layout';
import { ErrorState } from '../../components/ui/state-message';
import { storageKeys } from '../../config/storage-keys';
import { tabsQueryOptions } from '../../features/shell/api/get-tabs';
import { MicroPageView } from '../../features/micro-page/components/micro-page-view';
import { storage } from '../../lib/storage';
import { Redirect } from '../redirect';
import { tabDestination } from '../tab-routing';

/**
 * `/`: the first tab (docs/product.md#layout-load stores it as the homepage). A micro page renders in place; any
 * other first tab is where the homepage goes. Until the tabs arrive, the micro page id stored
 * on the last visit starts loading right away.
 */
export default function HomepageScreen() {
  const { t } = useTranslation();
  // Observes the tabs the layout load fetches; never fetches them itself (the order matters).
  const tabs = useQuery({ ...tabsQueryOptions(), enabled: false });
  const first = tabs.data?.[0];

  if (first && first.type !== 'MICRO_PAGE') {
    const destination = tabDestination(first);
    if (!destination.external) return <Redirect to={destination.to} replace />;
  }

  const storedId = storage.get<number>(storageKeys.homepageMicroPageId);
  const id = tabs.data ? (first?.microPage?.id ?? null) : storedId;

  if (id === null && (tabs.isError || (tabs.data && !first?.microPage))) {
    return (
      <ScreenLayout title={t('app.defaultTitle')}>
        <ErrorState onRetry={() => void tabs.refetch()} />
      </ScreenLayout>
    );
  }
  return <MicroPageView id={id} home />;
}
