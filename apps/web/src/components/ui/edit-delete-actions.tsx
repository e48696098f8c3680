import { confirmThenRun, type ConfirmTexts } from '../../lib/confirm-dialog';

const actionClass = 'min-h-11 min-w-11 px-3 text-sm';

interface EditDeleteActionsProps {
  editLabel: string;
  onEdit(): void;
  /** Asked before deleting; its confirmText labels the Delete button too. */
  confirm: ConfirmTexts;
  /** The toast once deleted. */
  deletedText: string;
  remove(): Promise<unknown>;
  deleting: boolean;
  /** After the delete was made: a page of the deleted thing leaves it. */
  onDeleted?(): void;
}

/**
 * Edit and Delete beside what the learner wrote themselves (a rating, a note, a question, an
 * answer): text buttons of 44 px, the row's end flush with the text's. Delete asks first.
 */
export function EditDeleteActions({
  editLabel,
  onEdit,
  confirm,
  deletedText,
  remove,
  deleting,
  onDeleted,
}: EditDeleteActionsProps) {
  const onDelete = async () => {
    if (await confirmThenRun(confirm, remove, deletedText)) onDeleted?.();
  };
  return (
    <span className="-mr-3 flex shrink-0">
      <button type="button" className={`${actionClass} text-brand-strong`} onClick={onEdit}>
        {editLabel}
      </button>
      <button
        type="button"
        className={`${actionClass} text-warning`}
        disabled={deleting}
        onClick={() => void onDelete()}
      >
        {confirm.confirmText}
      </button>
    </span>
  );
}
