import type { Attempt, AttemptResult } from '@school/contract/exam-taking';
import { type TFunction, useTranslation } from '../../../lib/i18n';
import { lazy, Suspense, useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { RichHtml } from '../../../components/catalogue/rich-html';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { confirmDialog } from '../../../lib/confirm-dialog';
import { isAnswered, markBlanks, unansweredNumbers } from '../logic/answers';
import type { AnswerSheet } from '../logic/use-answer-sync';
import { FeedbackSummary, QuestionFeedback } from './homework-feedback';
import { QuestionInput } from './question-input';
import { SaveStatusLine } from './save-status';

// Opened by a tap: its popup (antd-mobile's, with the animation and gesture libraries, about
// 29 KB gzip) stays off the exam's first load, as the lesson's outline does.
const AnswerCard = lazy(() => import('./answer-card').then((m) => ({ default: m.AnswerCard })));

// At least 44 px high, taller when a large text size wraps the label.
const buttonClass =
  'flex min-h-11 flex-1 items-center justify-center rounded-full border border-line bg-surface px-2 py-1 text-center text-sm leading-tight text-ink disabled:opacity-40';

/** A horizontal swipe longer than this (and more across than down) turns the question. */
const swipeMinPx = 60;

interface AnsweringViewProps {
  attempt: Attempt;
  sheet: AnswerSheet;
  readOnly: boolean;
  /** The timer, for an attempt with a deadline. */
  timer?: ReactNode;
  /** Shown above the question: time up, exam ended. */
  notice?: string | null;
  submitting: boolean;
  onSubmit(): void;
  /** Of handed-in homework: the score and each question's points and comment. */
  feedback?: AttemptResult | null;
}

/** The place of the questions while they (or the journal's answers) load. */
export function QuestionsLoading() {
  return (
    <LoadingRegion>
      <div className="p-4">
        <SkeletonBlock className="h-40 w-full" />
      </div>
    </LoadingRegion>
  );
}

/** Asks before submitting, naming the questions still unanswered. */
export async function confirmSubmit(t: TFunction, unanswered: number[]): Promise<boolean> {
  return confirmDialog({
    title: t('examTaking.confirm.title'),
    content:
      unanswered.length === 0
        ? t('examTaking.confirm.allAnswered')
        : t('examTaking.confirm.unanswered', { numbers: unanswered.join(', ') }),
    confirmText: t('examTaking.confirm.ok'),
    cancelText: t('examTaking.confirm.cancel'),
  });
}

/** One question at a time, the answer card, the statistics line, the save status and submit. */
export function AnsweringView({
  attempt,
  sheet,
  readOnly,
  timer,
  notice,
  submitting,
  onSubmit,
  feedback = null,
}: AnsweringViewProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  // Loaded once first opened, then kept (it closes with its own animation).
  const [card, setCard] = useState({ loaded: false, open: false });
  const heading = useRef<HTMLHeadingElement>(null);
  const touch = useRef<{ x: number; y: number } | null>(null);
  const answers = sheet.answers ?? {};
  const { questions } = attempt;
  const question = questions[index];
  const answeredCount = questions.filter((q) => isAnswered(answers[q.id]?.answer)).length;

  const go = (next: number) => {
    if (next < 0 || next >= questions.length) return;
    setIndex(next);
    // The new question is announced from its heading; after the render that shows it.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const onTouchStart = (event: TouchEvent) => {
    const first = event.touches[0];
    touch.current = first ? { x: first.clientX, y: first.clientY } : null;
  };
  const onTouchEnd = (event: TouchEvent) => {
    const start = touch.current;
    const last = event.changedTouches[0];
    touch.current = null;
    if (!start || !last) return;
    const dx = last.clientX - start.x;
    const dy = last.clientY - start.y;
    if (Math.abs(dx) < swipeMinPx || Math.abs(dx) < Math.abs(dy)) return;
    go(dx < 0 ? index + 1 : index - 1);
  };
  const submit = async () => {
    if (await confirmSubmit(t, unansweredNumbers(questions, answers))) onSubmit();
  };

  if (!question) return <p className="p-4 text-sm text-ink-muted">{t('examTaking.noQuestions')}</p>;
  if (sheet.answers === null) return <QuestionsLoading />;
  const saved = answers[question.id];
  const flagged = saved?.flagged ?? false;

  return (
    <div className="flex min-h-full flex-col" data-testid="answering-view">
      {/* One row at 320 px in either language: the statistics, the clock and Submit; the clock's
          warning takes the whole width below them (ExamTimer places it on row 2). */}
      <div className="sticky top-11 z-10 grid grid-cols-[minmax(0,1fr)_auto_auto] items-center gap-x-3 border-b border-line bg-surface px-4 py-2">
        <div className="flex min-w-0 flex-col">
          <p className="text-sm whitespace-nowrap text-ink" data-testid="answer-stats">
            {t('examTaking.stats', { answered: answeredCount, total: questions.length })}
          </p>
          {readOnly ? (
            <p className="text-xs text-ink-muted">{t('examTaking.readOnly')}</p>
          ) : (
            <SaveStatusLine status={sheet.status} />
          )}
        </div>
        {timer}
        {readOnly ? null : (
          <button
            type="button"
            className="col-start-3 row-start-1 flex h-9 items-center rounded-full bg-brand-strong px-4 text-sm font-medium whitespace-nowrap text-on-brand disabled:opacity-70"
            onClick={() => void submit()}
            disabled={submitting || !sheet.ready}
          >
            {submitting ? t('examTaking.submitting') : t('examTaking.submit')}
          </button>
        )}
      </div>
      {notice ? (
        <p
          role="alert"
          className="mx-4 mt-3 rounded-lg bg-canvas px-3 py-2 text-sm text-warning"
          data-testid="exam-notice"
        >
          {notice}
        </p>
      ) : null}
      {feedback ? <FeedbackSummary result={feedback} /> : null}

      <section
        aria-labelledby="question-heading"
        className="flex-1 p-4"
        onTouchStart={onTouchStart}
        onTouchEnd={onTouchEnd}
        data-testid="question"
        data-question={question.id}
      >
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2
            id="question-heading"
            ref={heading}
            tabIndex={-1}
            className="text-base font-semibold text-ink outline-none"
          >
            {t('examTaking.question.number', { number: question.number, total: questions.length })}
            <span className="ml-2 inline-block rounded bg-brand-soft px-1.5 py-0.5 text-xs font-normal whitespace-nowrap text-brand-strong">
              {t(`examTaking.type.${question.type}`)}
            </span>
          </h2>
          <span className="shrink-0 text-xs text-ink-muted">
            {t('examTaking.question.score', { score: question.score })}
          </span>
        </div>
        <RichHtml
          html={question.type === 'FILL_BLANK' ? markBlanks(question.stem) : question.stem}
          className="mb-4 leading-relaxed"
        />
        <QuestionInput
          key={question.id}
          question={question}
          answer={saved?.answer}
          // On the server's answers (a rendered page, or until the phone's journal is read) an
          // answer would be overwritten by the journal's: the inputs wait for the merge.
          readOnly={readOnly || sheet.status === 'ended' || !sheet.ready}
          onChange={(answer) => sheet.answer(question, answer)}
        />
        {feedback ? <QuestionFeedback result={feedback} questionId={question.id} /> : null}
        {readOnly ? null : (
          <button
            type="button"
            aria-pressed={flagged}
            onClick={() => sheet.toggleFlag(question)}
            disabled={sheet.status === 'ended' || !sheet.ready}
            className="mt-4 flex h-11 items-center gap-2 text-sm text-ink aria-pressed:text-warning"
          >
            <span aria-hidden="true">{flagged ? '★' : '☆'}</span>
            {t('examTaking.flag')}
          </button>
        )}
      </section>

      <nav
        aria-label={t('examTaking.navigation')}
        className="sticky bottom-0 flex gap-2 border-t border-line bg-surface px-4 py-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))]"
      >
        <button type="button" className={buttonClass} onClick={() => go(index - 1)} disabled={index === 0}>
          {t('examTaking.previous')}
        </button>
        <button type="button" className={buttonClass} onClick={() => setCard({ loaded: true, open: true })}>
          {t('examTaking.card.open')}
        </button>
        <button
          type="button"
          className={buttonClass}
          onClick={() => go(index + 1)}
          disabled={index === questions.length - 1}
        >
          {t('examTaking.next')}
        </button>
      </nav>

      <Suspense fallback={null}>
        {card.loaded ? (
          <AnswerCard
            open={card.open}
            questions={questions}
            answers={answers}
            current={index}
            onJump={(next) => {
              setCard({ loaded: true, open: false });
              go(next);
            }}
            onClose={() => setCard({ loaded: true, open: false })}
          />
        ) : null}
      </Suspense>
    </div>
  );
}
