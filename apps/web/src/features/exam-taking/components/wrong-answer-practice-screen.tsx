import type { GivenAnswer } from '@school/contract/exam-taking';
import type { PracticeCheckResult, PracticeRound } from '@school/contract/wrong-answers';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { RichHtml } from '../../../components/catalogue/rich-html';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { Link } from '../../../components/ui/router-link';
import { ErrorState, StateMessage } from '../../../components/ui/state-message';
import { InboxIcon } from '../../../components/ui/icons';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { href } from '../../../config/route-paths';
import { answerVerdictStyle, rightAnswerLines } from '../../../lib/answer-lines';
import { useTranslation } from '../../../lib/i18n';
import { useCheckPracticeAnswer } from '../api/check-practice-answer';
import { usePracticeRound } from '../api/get-practice-round';
import { emptyAnswer, isAnswered, markBlanks } from '../logic/answers';
import { QuestionInput } from './question-input';

type Question = PracticeRound['questions'][number];

const primaryClass =
  'flex h-11 w-full items-center justify-center rounded-full bg-brand-strong text-[0.9375rem] font-medium text-on-brand active:opacity-80 disabled:opacity-40';
const secondaryClass =
  'flex h-11 w-full items-center justify-center rounded-full border border-brand-strong text-[0.9375rem] font-medium text-brand-strong active:opacity-80';

/** What the server said of one answer: the verdict, the right answer and the explanation. */
function PracticeFeedback({ question, result }: { question: Question; result: PracticeCheckResult }) {
  const { t } = useTranslation();
  const right = rightAnswerLines({ rightAnswer: result.rightAnswer, options: question.options });
  return (
    <div className="mt-4 space-y-2 rounded-lg border border-line p-3 text-sm" data-testid="practice-feedback">
      <p
        role="status"
        className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${answerVerdictStyle[result.verdict]}`}
        data-testid="practice-verdict"
        data-verdict={result.verdict}
      >
        {t(`examTaking.answer.verdict.${result.verdict}`)}
      </p>
      <div>
        <p className="text-xs text-ink-muted">{t('examTaking.answer.rightAnswer')}</p>
        <div className="text-ink" data-testid="practice-right-answer">
          {right.length === 0 ? (
            <span className="text-ink-muted">{t('examTaking.answer.noReference')}</span>
          ) : (
            right.map((line, i) => (
              <span key={i} className="block break-words whitespace-pre-wrap">
                {line}
              </span>
            ))
          )}
        </div>
      </div>
      {result.explanation.trim() ? (
        <div>
          <p className="text-xs text-ink-muted">{t('examTaking.answer.explanation')}</p>
          <RichHtml html={result.explanation} />
        </div>
      ) : null}
    </div>
  );
}

/** How the round went, and the ways on: again, or back to the book. */
function RoundSummary({ right, total, onAgain }: { right: number; total: number; onAgain(): void }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="practice-done" className="space-y-3 bg-surface p-4" data-testid="practice-summary">
      <h2 id="practice-done" className="text-base font-semibold text-ink">
        {t('examTaking.practice.doneTitle')}
      </h2>
      <p className="text-sm text-ink">{t('examTaking.practice.doneScore', { right, count: total })}</p>
      <p className="text-xs text-ink-muted">{t('examTaking.practice.notRecorded')}</p>
      <button type="button" className={primaryClass} onClick={onAgain}>
        {t('examTaking.practice.again')}
      </button>
      <Link to={href('wrongAnswers')} className={secondaryClass}>
        {t('examTaking.practice.backToBook')}
      </Link>
    </section>
  );
}

function PracticeRoundView({ round }: { round: PracticeRound }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<number, GivenAnswer>>({});
  const [results, setResults] = useState<Record<number, PracticeCheckResult>>({});
  const [done, setDone] = useState(false);
  const check = useCheckPracticeAnswer();
  const heading = useRef<HTMLHeadingElement>(null);
  const questions = round.questions;
  const question = questions[index]!;
  const answer = answers[question.id];
  const result = results[question.id];
  const last = index === questions.length - 1;

  const onCheck = () => {
    const given = answer ?? emptyAnswer(question);
    // A refusal is told by the API client's notice; the answer stays to be checked again.
    check.mutate(
      { questionId: question.id, answer: given },
      { onSuccess: (checked) => setResults((all) => ({ ...all, [question.id]: checked })) },
    );
  };
  const onNext = () => {
    if (last) return setDone(true);
    setIndex(index + 1);
    // The next question is a new page to a screen reader: its heading takes the focus.
    requestAnimationFrame(() => heading.current?.focus());
  };
  const onAgain = () => {
    setAnswers({});
    setResults({});
    setIndex(0);
    setDone(false);
  };

  if (done) {
    const right = Object.values(results).filter((r) => r.verdict === 'RIGHT').length;
    return <RoundSummary right={right} total={questions.length} onAgain={onAgain} />;
  }

  return (
    <section
      aria-labelledby="practice-question"
      className="bg-surface p-4"
      data-testid="practice-question"
      data-question={question.id}
    >
      <p className="mb-2 text-xs text-ink-muted">{t('examTaking.practice.notRecorded')}</p>
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <h2
          id="practice-question"
          ref={heading}
          tabIndex={-1}
          className="text-base font-semibold text-ink outline-none"
        >
          {t('examTaking.question.number', { number: index + 1, total: questions.length })}
        </h2>
        <span className="rounded bg-brand-soft px-1.5 py-0.5 text-xs text-brand-strong">
          {t(`examTaking.type.${question.type}`)}
        </span>
      </div>
      <p className="mb-3 text-xs break-words text-ink-muted" data-testid="practice-exam">
        {question.exam.title}
      </p>
      <RichHtml
        html={question.type === 'FILL_BLANK' ? markBlanks(question.stem) : question.stem}
        className="mb-4 leading-relaxed"
      />
      <QuestionInput
        key={question.id}
        question={question}
        answer={answer}
        readOnly={result !== undefined}
        onChange={(next) => setAnswers((all) => ({ ...all, [question.id]: next }))}
      />
      {result ? <PracticeFeedback question={question} result={result} /> : null}
      <div className="mt-4">
        {result ? (
          <button type="button" className={primaryClass} onClick={onNext} data-testid="practice-next">
            {last ? t('examTaking.practice.finish') : t('examTaking.practice.next')}
          </button>
        ) : (
          <button
            type="button"
            className={primaryClass}
            onClick={onCheck}
            disabled={!isAnswered(answer) || check.isPending}
            data-testid="practice-check"
          >
            {check.isPending ? t('examTaking.practice.checking') : t('examTaking.practice.check')}
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * /me/wrong-answers?practice=1&exam={uid} (app/screens/wrong-answers-screen.tsx): an unscored round of the wrong-answer book's questions
 * (one exam's with `exam`), one at a time. Each answer is checked by the server, which answers
 * the verdict, the right answer and the explanation; nothing is recorded (decision record 022).
 */
export default function WrongAnswerPracticeScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const exam = search.get('exam') || undefined;
  const round = usePracticeRound(exam);

  let body;
  if (round.data && round.data.questions.length > 0) {
    body = <PracticeRoundView round={round.data} />;
  } else if (round.data) {
    body = (
      <StateMessage
        icon={<InboxIcon />}
        title={t('examTaking.practice.emptyTitle')}
        description={t('examTaking.practice.empty')}
        action={
          <Link
            to={href('wrongAnswers')}
            className="inline-flex min-h-11 items-center px-2 text-sm font-medium text-brand-strong underline"
          >
            {t('examTaking.practice.backToBook')}
          </Link>
        }
      />
    );
  } else if (round.isError) {
    body = <ErrorState onRetry={() => void round.refetch()} />;
  } else {
    body = (
      <LoadingRegion>
        <div className="p-4">
          <SkeletonBlock className="h-40 w-full" />
        </div>
      </LoadingRegion>
    );
  }

  return (
    <ScreenLayout title={t('examTaking.practice.title')} back>
      {body}
    </ScreenLayout>
  );
}
