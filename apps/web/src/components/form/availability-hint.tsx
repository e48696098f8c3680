import { useTranslation } from '../../lib/i18n';
import type { Availability } from '../../lib/use-availability';

/** The as-you-type uniqueness check's verdict under a username field (announced politely). */
export function AvailabilityHint({ state }: { state: Availability }) {
  const { t } = useTranslation();
  const text =
    state === 'checking'
      ? t('ui.username.checking')
      : state === 'available'
        ? t('ui.username.available')
        : state === 'taken'
          ? t('rule.username.taken')
          : '';
  const color = state === 'available' ? 'text-success' : state === 'taken' ? 'text-danger' : 'text-ink-muted';
  return (
    <p aria-live="polite" className={`min-h-4 ${color}`}>
      {text}
    </p>
  );
}
