import { useTranslation } from '../../../lib/i18n';
import type { SaveStatus } from '../logic/answer-sync';

const tones: Record<SaveStatus, string> = {
  saved: 'text-ink-muted',
  saving: 'text-ink-muted',
  offline: 'text-warning',
  ended: 'text-warning',
};

/** Where the answers are: on the server, on their way, or kept on this phone (announced politely). */
export function SaveStatusLine({ status }: { status: SaveStatus }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      aria-live="polite"
      className={`text-xs ${tones[status]}`}
      data-testid="save-status"
      data-status={status}
    >
      {t(`examTaking.status.${status}`)}
    </p>
  );
}
