import type { ArticleSummary } from '@school/contract/articles';
import { useTranslation } from '../../../lib/i18n';
import { isoDateMinutes } from '../../../lib/format';
import { useRelativeTime } from '../../../lib/use-now';

/** Author · when (relative, the exact minute on hover) · views. */
export function ArticleByline({
  article,
  now,
}: {
  article: Pick<ArticleSummary, 'author' | 'publishedAt' | 'viewCount'>;
  now?: number;
}) {
  const { t } = useTranslation();
  const when = useRelativeTime(article.publishedAt, now);
  return (
    <>
      {article.author} ·{' '}
      <time dateTime={article.publishedAt} title={isoDateMinutes(article.publishedAt)}>
        {when}
      </time>{' '}
      · {t('articles.views', { count: article.viewCount })}
    </>
  );
}
