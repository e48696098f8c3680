import { useTranslation } from '../../../lib/i18n';
import { useParams } from 'react-router';
import { CoverImage } from '../../../components/catalogue/cover-image';
import { DetailUnavailable } from '../../../components/catalogue/detail-unavailable';
import { RichHtml } from '../../../components/catalogue/rich-html';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { useArticle } from '../api/get-article';
import { ArticleByline } from './article-byline';

function ArticleSkeleton() {
  return (
    <LoadingRegion>
      <div className="space-y-3 bg-surface px-4 py-4">
        <SkeletonBlock className="h-6 w-4/5" />
        <SkeletonBlock className="h-3 w-1/2" />
        <SkeletonBlock className="aspect-video w-full rounded-card" />
        <SkeletonBlock className="h-3 w-full" />
        <SkeletonBlock className="h-3 w-full" />
        <SkeletonBlock className="h-3 w-2/3" />
      </div>
    </LoadingRegion>
  );
}

/** /articles/:id: one news article; its HTML was sanitized by the server. */
export default function ArticleDetailScreen() {
  const { t } = useTranslation();
  const { id } = useParams();
  const articleId = Number(id);
  const valid = Number.isInteger(articleId) && articleId > 0;
  const query = useArticle(articleId);
  const { data } = query;

  let body;
  if (!valid || query.isError) {
    body = (
      <DetailUnavailable
        missing={!valid}
        error={query.error}
        onRetry={() => void query.refetch()}
        notFound={{ title: t('error.articleNotFound'), description: t('articles.notFound') }}
        notFoundTestId="article-not-found"
        describeError
      />
    );
  } else if (!data) {
    body = <ArticleSkeleton />;
  } else {
    body = (
      <article className="bg-surface px-4 py-4" data-testid="article-detail">
        <h2 className="text-xl font-semibold leading-snug text-ink">{data.title}</h2>
        <p className="mt-2 text-xs text-ink-subtle" data-testid="article-byline">
          <ArticleByline article={data} />
        </p>
        {data.cover ? <CoverImage src={data.cover} alt="" className="mt-4 rounded-card" /> : null}
        <RichHtml html={data.content} className="mt-4" />
      </article>
    );
  }

  return (
    <ScreenLayout title={t('route.articleDetail')} back surface="white">
      {body}
    </ScreenLayout>
  );
}
