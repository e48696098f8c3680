import Popup from 'antd-mobile/es/components/popup';
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLatest } from '../media/use-latest';
import { CloseIcon } from './icons';

/** A 48 px square icon button of a sheet's title bar (close, back up a level). */
export const sheetIconButtonClass = 'flex size-12 items-center justify-center text-xl';

/** How the top of the sheet looks; each keeps the close button or Cancel named by `closeLabel`. */
type SheetLook =
  /** A panel of the player (outline, note): the title at the start, large, and a close button. */
  | { look: 'panel' }
  /** A picker: a small title centred between an optional back button and the close button. */
  | { look: 'picker'; back?: ReactNode }
  /** A menu of choices: a muted prompt above them and a Cancel row below, as a phone's action sheet. */
  | { look: 'menu' };

type BottomSheetProps = SheetLook & {
  open: boolean;
  /** The dialog's name, shown at its top. */
  title: string;
  /** The close button's name, or the menu's Cancel text. */
  closeLabel: string;
  onClose(): void;
  /**
   * Where focus goes once the sheet has opened (the current lesson, the first choice, the text
   * field); it is scrolled into view. Focus goes back where it was when the sheet closes.
   */
  focusTarget(): HTMLElement | null;
  testId?: string;
  children: ReactNode;
};

/**
 * A bottom sheet that is a named modal dialog: closed by its close button (or Cancel), the mask
 * and Escape, focus moved in when it opens and given back when it closes. antd's Popup draws it
 * and locks the page's scrolling.
 */
export function BottomSheet(props: BottomSheetProps) {
  const { open, title, closeLabel, onClose, focusTarget, testId, children } = props;
  const titleId = useId();
  const returnFocus = useRef<HTMLElement | null>(null);
  const latestOnClose = useLatest(onClose);
  // Escape closes wherever focus is: it may not have reached the sheet yet (Chromium moves it
  // only once the opening animation ends), or be on the page behind after a click on the mask.
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latestOnClose.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open, latestOnClose]);

  const closeButton = (tone: string) => (
    <button type="button" onClick={onClose} aria-label={closeLabel} className={`${sheetIconButtonClass} ${tone}`}>
      <CloseIcon />
    </button>
  );

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
        {props.look === 'panel' ? (
          <div className="flex items-center justify-between border-b border-line pl-4">
            <h2 id={titleId} className="text-base font-semibold text-ink">
              {title}
            </h2>
            {closeButton('text-ink')}
          </div>
        ) : props.look === 'picker' ? (
          <div className="grid grid-cols-[3rem_1fr_3rem] items-center border-b border-line">
            {props.back ?? <span />}
            <h2 id={titleId} className="truncate py-3 text-center text-sm font-medium text-ink">
              {title}
            </h2>
            {closeButton('text-ink-muted')}
          </div>
        ) : (
          <h2 id={titleId} className="border-b border-line py-3 text-center text-sm text-ink-muted">
            {title}
          </h2>
        )}
        {children}
        {props.look === 'menu' ? (
          <>
            <div className="h-2 bg-canvas" />
            <button type="button" onClick={onClose} className="block h-12 w-full text-base text-ink">
              {closeLabel}
            </button>
          </>
        ) : null}
      </div>
    </Popup>
  );
}
