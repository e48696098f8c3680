import { useTranslation } from '../../../../lib/i18n';
import type { ViewerProgress } from '../../logic/use-lesson-progress';
import { ExternalLinkButton } from './external-link-button';

/** A LAB lesson: what the lab is, and a link to open it elsewhere; opening it counts (position 1). */
export function LabPanel({
  url,
  description,
  progress,
}: {
  url: string;
  description: string;
  progress: ViewerProgress;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="lab-title" className="bg-surface px-4 py-5" data-testid="lab-panel">
      <h2 id="lab-title" className="text-base font-semibold text-ink">
        {t('lessons.lab.title')}
      </h2>
      {description ? <p className="mt-2 text-sm whitespace-pre-line text-ink">{description}</p> : null}
      <ExternalLinkButton href={url} onOpen={() => progress.report(1)}>
        {t('lessons.lab.open')}
      </ExternalLinkButton>
    </section>
  );
}
