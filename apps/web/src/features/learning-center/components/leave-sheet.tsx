import type { LeaveRule } from '@school/contract/learning';
import { useRef } from 'react';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { Link } from '../../../components/ui/router-link';
import { href } from '../../../config/route-paths';
import { confirmThenRun } from '../../../lib/confirm-dialog';
import { useTranslation } from '../../../lib/i18n';
import { useQuitMembership, type QuitKind } from '../api/quit-membership';

interface LeaveSheetProps {
  open: boolean;
  kind: QuitKind;
  uid: string;
  title: string;
  leave: LeaveRule;
  onClose(): void;
}

const rowClass = 'flex min-h-12 w-full items-center justify-center px-4 text-base';

/**
 * How the learner leaves a course or classroom of theirs (contract: leaveRuleSchema): a free one
 * is quit after a confirmation that says the progress is kept; a paid one is left by a refund,
 * from its order; a classroom's course by leaving the classroom.
 */
export default function LeaveSheet({ open, kind, uid, title, leave, onClose }: LeaveSheetProps) {
  const { t } = useTranslation();
  const first = useRef<HTMLElement | null>(null);
  const quit = useQuitMembership(kind, uid);

  function confirmQuit() {
    onClose();
    // The toast follows the request's promise, not this sheet: the list refetched after the quit
    // drops the card, and this sheet with it, often before a mutate() callback would run.
    void confirmThenRun(
      {
        title: t(`learning.leave.confirmTitle.${kind}`, { title }),
        content: t(`learning.leave.confirmText.${kind}`),
        confirmText: t('learning.leave.confirm'),
        cancelText: t('learning.leave.keep'),
      },
      () => quit.mutateAsync(),
      t('learning.leave.done', { title }),
    );
  }

  return (
    <BottomSheet
      look="menu"
      open={open}
      title={title}
      closeLabel={t('learning.leave.cancel')}
      onClose={onClose}
      focusTarget={() => first.current}
      testId="leave-sheet"
    >
      {leave.kind === 'quit' ? (
        <button
          ref={(node) => void (first.current = node)}
          type="button"
          onClick={confirmQuit}
          disabled={quit.isPending}
          className={`${rowClass} text-danger`}
          data-testid="quit-membership"
        >
          {t(`learning.leave.quit.${kind}`)}
        </button>
      ) : (
        <div className="px-4 py-3 text-center">
          <p className="text-sm text-ink-muted" data-testid="leave-explanation">
            {leave.kind === 'refund'
              ? t(`learning.leave.paid.${kind}`)
              : t('learning.leave.viaClassroom', { classroom: leave.classroom.title })}
          </p>
          <Link
            ref={(node) => void (first.current = node)}
            to={
              leave.kind === 'refund'
                ? href('orderDetail', { tradeNo: leave.tradeNo })
                : href('classroomDetail', { uid: leave.classroom.uid })
            }
            className={`${rowClass} mt-1 font-medium text-brand-strong`}
            data-testid="leave-link"
          >
            {leave.kind === 'refund' ? t('learning.leave.toOrder') : t('learning.leave.toClassroom')}
          </Link>
        </div>
      )}
    </BottomSheet>
  );
}
