import type { LeaveRule } from '@school/contract/learning';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import type { QuitKind } from '../api/quit-membership';

const LeaveSheet = lazy(() => import('./leave-sheet'));

/** Three dots: the card's "more" menu (drawn here, not in the shared icons: only this list uses it). */
function MoreIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" fill="currentColor">
      <circle cx="5" cy="12" r="2" />
      <circle cx="12" cy="12" r="2" />
      <circle cx="19" cy="12" r="2" />
    </svg>
  );
}

/**
 * The card's "more" button, at the end of its last row above the card's link, and the sheet it opens: how
 * to leave this course or classroom (quit, the order's refund, or the classroom that gave it).
 * The sheet loads on the first tap.
 */
export function MembershipMenu({
  kind,
  uid,
  title,
  leave,
}: {
  kind: QuitKind;
  uid: string;
  title: string;
  leave: LeaveRule;
}) {
  const { t } = useTranslation();
  const [sheet, setSheet] = useState({ loaded: false, open: false });
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-label={t('learning.leave.more', { title })}
        onClick={() => setSheet({ loaded: true, open: true })}
        // In the card's last row, above the card's link; drawn 32 px, tapped over 44 px.
        className="relative z-10 flex size-8 shrink-0 items-center justify-center rounded-full text-ink-muted before:absolute before:-inset-1.5 active:bg-canvas"
        data-testid="membership-menu"
      >
        <MoreIcon />
      </button>
      <Suspense fallback={null}>
        {sheet.loaded ? (
          <LeaveSheet
            open={sheet.open}
            kind={kind}
            uid={uid}
            title={title}
            leave={leave}
            onClose={() => setSheet({ loaded: true, open: false })}
          />
        ) : null}
      </Suspense>
    </>
  );
}
