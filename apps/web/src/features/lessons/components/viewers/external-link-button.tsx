import type { ReactNode } from 'react';
import { useTranslation } from '../../../../lib/i18n';

export const primaryButtonClass =
  'flex h-11 w-full items-center justify-center rounded-full bg-brand-strong px-6 text-[0.9375rem] font-medium text-white active:opacity-80 disabled:opacity-70';

/** A primary button opening another site (live room, lab) in a new window, said so to screen readers. */
export function ExternalLinkButton({ href, onOpen, children }: { href: string; onOpen(): void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" onClick={onOpen} className={`mt-5 ${primaryButtonClass}`}>
      {children}
      <span className="sr-only"> {t('ui.opensNewWindow')}</span>
    </a>
  );
}
