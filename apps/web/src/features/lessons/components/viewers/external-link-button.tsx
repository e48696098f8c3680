import type { ReactNode } from 'react';
import { primaryButtonClass } from '../../../../components/form/form-styles';
import { useTranslation } from '../../../../lib/i18n';

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
