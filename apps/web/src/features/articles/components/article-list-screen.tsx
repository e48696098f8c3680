import type { ArticleSummary, ArticleTab } from '@school/contract/articles';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { ArticleCard, ArticleCardSkeleton } from '../../../components/catalogue/article-card';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { SectionTabs } from '../../../components/catalogue/section-tabs';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { EmptyState } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { useArticles } from '../api/get-articles';
import { articleTabOrder, readArticleTab } from '../logic/article-tab';
import { ArticleByline } from './article-byline';

function ArticleTabList({ tab, label }: { tab: ArticleTab; label: string }) {
  const { t } = useTranslation();
  const query = useArticles(tab);
  return (
    <InfiniteList<ArticleSummary>
      query={query}
      label={label}
      itemKey={(article) => article.id}
      renderItem={(article, index) => (
        <ArticleCard
          to={href('articleDetail', { id: article.id })}
          title={article.title}
          summary={article.summary}
          cover={article.cover}
          meta={<ArticleByline article={article} />}
          eager={index < 2}
        />
      )}
      className="space-y-2 px-3 py-3"
      testId="article-list"
      skeleton={
        <div className="space-y-2 px-3 py-3">
          {[0, 1, 2, 3, 4].map((i) => (
            <ArticleCardSkeleton key={i} />
          ))}
        </div>
      }
      empty={<EmptyState title={t('articles.empty.title')} description={t('articles.empty.description')} />}
    />
  );
}

/** /articles?tab=latest|recommended|popular: the school's news, page after page. */
export default function ArticleListScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab = readArticleTab(params.get('tab'));
  const tabs = articleTabOrder.map((key) => ({ key, label: t(`articles.tab.${key}`) }));
  const active = tabs.find((item) => item.key === tab)!;

  return (
    <ScreenLayout title={t('route.articleList')} back>
      <SectionTabs
        tabs={tabs}
        active={tab}
        // A tab is a view of the same screen, not a new page to go back through.
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        label={t('articles.tabsLabel')}
        idBase="articles"
      >
        <ArticleTabList key={tab} tab={tab} label={t('articles.listLabel', { tab: active.label })} />
      </SectionTabs>
    </ScreenLayout>
  );
}
