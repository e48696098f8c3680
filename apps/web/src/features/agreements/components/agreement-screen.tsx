import { useTranslation } from '../../../lib/i18n';
import { useParams } from 'react-router';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { DocumentIcon } from '../../../components/ui/icons';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { ErrorState, StateMessage } from '../../../components/ui/state-message';
import { useAgreements } from '../api/get-agreements';

/** /me/agreement/:code — terms, privacy policy or about us, as the school wrote them. */
export default function AgreementScreen() {
  const { t } = useTranslation();
  const { code } = useParams();
  const query = useAgreements();
  const agreement = query.data?.find((item) => item.code === code);

  let body;
  if (agreement) {
    body = (
      // Sanitized by the server when the school saves it.
      <article
        className="rich-text px-4 py-5 text-sm text-ink"
        dangerouslySetInnerHTML={{ __html: agreement.content }}
      />
    );
  } else if (query.isError) {
    body = <ErrorState onRetry={() => void query.refetch()} />;
  } else if (query.data) {
    body = (
      <StateMessage
        icon={<DocumentIcon />}
        title={t('error.agreementNotFound')}
        description={t('agreements.notFound')}
      />
    );
  } else {
    body = (
      <LoadingRegion>
        <div className="space-y-3 px-4 py-5">
          <SkeletonBlock className="h-5 w-1/2" />
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <SkeletonBlock key={i} className={i % 3 === 2 ? 'h-3 w-4/6' : 'h-3 w-full'} />
          ))}
        </div>
      </LoadingRegion>
    );
  }

  return (
    <ScreenLayout title={agreement?.title ?? t('agreements.title')} back surface="white">
      {body}
    </ScreenLayout>
  );
}
