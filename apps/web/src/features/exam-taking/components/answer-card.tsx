import type { QuestionView, SavedAnswer } from '@school/contract/exam-taking';
import { useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { BottomSheet } from '../../../components/ui/bottom-sheet';
import { isAnswered } from '../logic/answers';

interface AnswerCardProps {
  open: boolean;
  questions: QuestionView[];
  answers: Record<string, SavedAnswer>;
  current: number;
  onJump(index: number): void;
  onClose(): void;
}

/** The item's name says its state (screen readers do not see the colours). */
function itemLabelId(answered: boolean, flagged: boolean) {
  const state = answered ? 'answered' : 'unanswered';
  return `examTaking.card.item.${state}${flagged ? 'Flagged' : ''}` as const;
}

/** Every question's number, answered / unanswered / marked for review; a tap goes to it. */
export function AnswerCard({ open, questions, answers, current, onJump, onClose }: AnswerCardProps) {
  const { t } = useTranslation();
  const list = useRef<HTMLOListElement>(null);
  return (
    <BottomSheet
      look="panel"
      open={open}
      title={t('examTaking.card.title')}
      closeLabel={t('examTaking.card.close')}
      onClose={onClose}
      focusTarget={() => list.current?.querySelector<HTMLElement>('[aria-current="step"]') ?? null}
      testId="answer-card"
    >
      <div className="flex gap-4 px-4 pt-3 text-xs text-ink-muted" aria-hidden="true">
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm bg-brand-strong" /> {t('examTaking.card.answered')}
        </span>
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-sm border border-line" /> {t('examTaking.card.unanswered')}
        </span>
        <span className="flex items-center gap-1">
          <span className="size-3 rounded-full bg-warning" /> {t('examTaking.card.flagged')}
        </span>
      </div>
      <ol ref={list} className="grid max-h-[60vh] grid-cols-6 gap-3 overflow-y-auto p-4">
        {questions.map((question, index) => {
          const saved = answers[question.id];
          const answered = isAnswered(saved?.answer);
          const flagged = saved?.flagged ?? false;
          return (
            <li key={question.id}>
              <button
                type="button"
                aria-label={t(itemLabelId(answered, flagged), { number: question.number })}
                aria-current={index === current ? 'step' : undefined}
                data-state={answered ? 'answered' : 'unanswered'}
                data-flagged={flagged}
                onClick={() => onJump(index)}
                className={`relative flex size-11 items-center justify-center rounded-full text-sm ${
                  answered ? 'bg-brand-strong text-on-brand' : 'border border-line text-ink'
                } ${index === current ? 'outline outline-2 outline-offset-2 outline-brand-strong' : ''}`}
              >
                {question.number}
                {flagged ? (
                  <span className="absolute -right-0.5 -top-0.5 size-3 rounded-full bg-warning" aria-hidden="true" />
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </BottomSheet>
  );
}
