import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { AlertIcon, InboxIcon } from './icons';

interface StateMessageProps {
  icon: ReactNode;
  title: string;
  description?: string | undefined;
  action?: ReactNode;
  role?: 'alert' | 'status';
}

/** The shared look of empty, error and blocked states. */
export function StateMessage({ icon, title, description, action, role }: StateMessageProps) {
  return (
    <div role={role} className="flex flex-col items-center px-6 py-12 text-center">
      <div className="mb-4 flex size-16 items-center justify-center rounded-full bg-brand-soft text-[2rem] text-brand-strong">
        {icon}
      </div>
      <h2 className="text-base font-semibold text-ink">{title}</h2>
      {description ? <p className="mt-2 max-w-[18rem] text-sm text-ink-muted">{description}</p> : null}
      {action ? <div className="mt-6">{action}</div> : null}
    </div>
  );
}

/** A failed load, with the server's text when we have it and a way to try again. */
export function ErrorState({ description, onRetry }: { description?: string | undefined; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <StateMessage
      role="alert"
      icon={<AlertIcon />}
      title={t('ui.error.title')}
      description={description ?? t('status.default')}
      action={
        onRetry ? (
          <button
            type="button"
            onClick={onRetry}
            className="rounded-full bg-brand-strong px-6 py-2 text-sm font-medium text-on-brand active:opacity-80"
          >
            {t('ui.retry')}
          </button>
        ) : undefined
      }
    />
  );
}

export function EmptyState({ title, description }: { title?: string; description?: string }) {
  const { t } = useTranslation();
  return <StateMessage icon={<InboxIcon />} title={title ?? t('ui.empty')} description={description} />;
}
