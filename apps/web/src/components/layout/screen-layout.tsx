import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';
import { useGoBack } from '../../lib/use-go-back';
import { ChevronLeftIcon } from '../ui/icons';

interface ScreenLayoutProps {
  /** The page heading (h1), shown centred in the top bar. */
  title: ReactNode;
  /** Shows a back button; first pages of a tab have none. */
  back?: boolean;
  /** Shown at the right end of the top bar. */
  actions?: ReactNode;
  children: ReactNode;
  /** Main area background; most screens sit on the canvas grey. */
  surface?: 'canvas' | 'white';
}

/** Every screen's frame: a top bar (header landmark, h1) and the main landmark. */
export function ScreenLayout({ title, back = false, actions, children, surface = 'canvas' }: ScreenLayoutProps) {
  const { t } = useTranslation();
  const goBack = useGoBack();

  return (
    <>
      <header className="sticky top-0 z-20 grid h-11 grid-cols-[3rem_1fr_3rem] items-center border-b border-line bg-surface">
        <div>
          {back ? (
            <button
              type="button"
              onClick={goBack}
              aria-label={t('ui.back')}
              className="flex size-11 items-center justify-center text-xl text-ink"
            >
              <ChevronLeftIcon />
            </button>
          ) : null}
        </div>
        <h1 className="truncate text-center text-base font-semibold text-ink">{title}</h1>
        <div className="flex justify-end">{actions}</div>
      </header>
      <main id="main" className={surface === 'white' ? 'flex-1 bg-surface' : 'flex-1'}>
        {children}
      </main>
    </>
  );
}
