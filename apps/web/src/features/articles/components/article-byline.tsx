import type { ArticleSummary } from '@school/contract/articles';
import { useTranslation } from '../../../lib/i18n';
import { formatRelativeTime, isoDateMinutes } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';

/** Author · when (relative, the exact minute on hover) · views. */
export function ArticleByline({
  article,
  now,
}: {
  article: Pick<ArticleSummary, 'author' | 'publishedAt' | 'viewCount'>;
  now?: number;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      {article.author} ·{' '}
      <time dateTime={article.publishedAt} title={isoDateMinutes(article.publishedAt)}>
        {formatRelativeTime(article.publishedAt, locale, now)}
      </time>{' '}
      · {t('articles.views', { count: article.viewCount })}
    </>
  );
}
