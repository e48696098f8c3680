import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';

/** A grey placeholder block; the size comes from the caller so the final layout does not shift. */
export function SkeletonBlock({ className = '' }: { className?: string }) {
  return <div aria-hidden="true" className={`animate-pulse rounded-md bg-line ${className}`} />;
}

/** Wraps placeholders in a polite status region so screen readers hear that content is loading. */
export function LoadingRegion({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div role="status" aria-live="polite" aria-busy="true">
      <span className="sr-only">{t('ui.loading')}</span>
      {children}
    </div>
  );
}
