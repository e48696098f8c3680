import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLatest } from '../../../components/media/use-latest';
import { CloseIcon } from '../../../components/ui/icons';

interface LessonSheetProps {
  open: boolean;
  title: string;
  closeLabel: string;
  onClose(): void;
  /** Where focus goes when the sheet has opened (the current lesson, the text field). */
  focusTarget(): HTMLElement | null;
  testId: string;
  children: ReactNode;
}

/**
 * The player's bottom sheets (outline, note): a named modal dialog with a close button, closed
 * by the mask and Escape, focus moved in when it opens and given back when it closes.
 */
export function LessonSheet({ open, title, closeLabel, onClose, focusTarget, testId, children }: LessonSheetProps) {
  const titleId = useId();
  const returnFocus = useRef<HTMLElement | null>(null);
  const latestOnClose = useLatest(onClose);
  // Escape closes wherever focus is (it may not have reached the sheet yet).
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latestOnClose.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, latestOnClose]);
  return (
    <Popup
      visible={open}
      onMaskClick={onClose}
      onClose={onClose}
      afterShow={() => {
        returnFocus.current = document.activeElement as HTMLElement | null;
        const target = focusTarget();
        target?.scrollIntoView({ block: 'center' });
        target?.focus();
      }}
      afterClose={() => returnFocus.current?.focus()}
      bodyClassName="rounded-t-2xl pb-[env(safe-area-inset-bottom)]"
    >
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} data-testid={testId}>
        <div className="flex items-center justify-between border-b border-line pl-4">
          <h2 id={titleId} className="text-base font-semibold text-ink">
            {title}
          </h2>
          <button
            type="button"
            onClick={onClose}
            aria-label={closeLabel}
            className="flex size-12 items-center justify-center text-xl text-ink"
          >
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </Popup>
  );
}
