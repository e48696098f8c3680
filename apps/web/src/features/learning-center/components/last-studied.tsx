import { useTranslation } from '../../../lib/i18n';
import { formatRelativeTime, isoDateMinutes } from '../../../lib/format';
import { useLocale } from '../../../lib/use-locale';

/** "Last studied 2h ago" (the full time on hover), or "Not started yet". */
export function LastStudied({ at }: { at: string | null }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <p className="mt-0.5 truncate text-xs text-ink-muted" data-testid="last-studied">
      {at === null ? (
        t('learning.notStudied')
      ) : (
        <time dateTime={at} title={isoDateMinutes(at)}>
          {t('learning.lastStudied', { time: formatRelativeTime(at, locale) })}
        </time>
      )}
    </p>
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
