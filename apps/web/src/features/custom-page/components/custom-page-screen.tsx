import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useSearchParams } from 'react-router';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { GlobeIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { framedUrl } from '../logic/framed-url';

/**
 * /page?url=… — a web page the school links from a URL tab (docs/product.md#tab-bar), shown inside the app.
 * Many sites refuse to be framed and a page cannot tell, so an "open in the browser" link is
 * always there as the way out.
 */
export default function CustomPageScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const url = framedUrl(params.get('url'));
  const fromTab = params.get('pathFrom') === 'tab';
  const [loaded, setLoaded] = useState(false);

  if (!url) {
    return (
      <ScreenLayout title={t('customPage.title')} back={!fromTab}>
        <StateMessage
          icon={<GlobeIcon />}
          title={t('customPage.invalidTitle')}
          description={t('customPage.invalidDescription')}
        />
      </ScreenLayout>
    );
  }

  return (
    <ScreenLayout
      title={url.host}
      back={!fromTab}
      actions={
        <a
          href={url.href}
          target="_blank"
          rel="noopener noreferrer"
          className="whitespace-nowrap px-1 text-sm text-brand-strong"
          data-testid="custom-page-open"
        >
          {t('customPage.open')}
        </a>
      }
    >
      <div className="relative h-[calc(100dvh-2.75rem-var(--spacing-tab-bar))]">
        {loaded ? null : (
          <p role="status" className="absolute inset-x-0 top-6 text-center text-sm text-ink-muted">
            {t('customPage.loading')}
          </p>
        )}
        <iframe
          src={url.href}
          title={t('customPage.frameTitle', { host: url.host })}
          // The page keeps its own origin; it may run scripts and forms but not navigate the app.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="strict-origin-when-cross-origin"
          onLoad={() => setLoaded(true)}
          className="relative size-full border-0 bg-surface"
          data-testid="custom-page-frame"
        />
        {/* A site that refuses to be framed shows the browser's broken-page picture, and the app
            cannot tell: the way out stays in sight, not only in the top bar. */}
        <p
          className="absolute inset-x-0 bottom-0 flex items-center gap-2 border-t border-line bg-surface/95 px-4 text-xs text-ink-muted"
          data-testid="custom-page-hint"
        >
          <span className="min-w-0 flex-1">{t('customPage.notShowing')}</span>
          <a
            href={url.href}
            target="_blank"
            rel="noopener noreferrer"
            className="flex min-h-11 shrink-0 items-center font-medium whitespace-nowrap text-brand-strong"
          >
            {t('customPage.openInBrowser')}
          </a>
        </p>
      </div>
    </ScreenLayout>
  );
}
