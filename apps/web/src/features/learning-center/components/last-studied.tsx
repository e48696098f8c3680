import { useTranslation } from '../../../lib/i18n';
import { isoDateMinutes } from '../../../lib/format';
import { useRelativeTime } from '../../../lib/use-now';

/** "Last studied 2h ago" (the full time on hover), or "Not started yet". */
export function LastStudied({ at }: { at: string | null }) {
  const { t } = useTranslation();
  return (
    <p className="mt-0.5 truncate text-xs text-ink-muted" data-testid="last-studied">
      {at === null ? t('learning.notStudied') : <StudiedAt at={at} />}
    </p>
  );
}

function StudiedAt({ at }: { at: string }) {
  const { t } = useTranslation();
  const time = useRelativeTime(at);
  return (
    <time dateTime={at} title={isoDateMinutes(at)}>
      {t('learning.lastStudied', { time })}
    </time>
  );
}

/** The learner asked for their money back and the school has not decided: they study on meanwhile. */
export function RefundPending({ pending }: { pending: boolean }) {
  const { t } = useTranslation();
  if (!pending) return null;
  return (
    <p className="mt-0.5 truncate text-xs text-warning" data-testid="refund-pending">
      {t('learning.refundPending')}
    </p>
  );
}
