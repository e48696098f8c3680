import type { WrongAnswer, WrongAnswerExam } from '@school/contract/wrong-answers';
import { useSearchParams } from 'react-router';
import { InfiniteList } from '../../../components/catalogue/infinite-list';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { Link } from '../../../components/ui/router-link';
import { SkeletonBlock } from '../../../components/ui/skeleton';
import { EmptyState } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { isoDateMinutes } from '../../../lib/format';
import { useTranslation } from '../../../lib/i18n';
import { useWrongAnswers } from '../api/get-wrong-answers';
import { AnalysisItem } from './exam-result-analysis';

const chipClass =
  'inline-flex min-h-11 shrink-0 items-center rounded-full border px-3 text-sm aria-[current=page]:border-brand-strong aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand-strong';

/** All exams, then each exam whose mistakes are listed: links, so the filter is in the address. */
function ExamFilter({ exams, current }: { exams: WrongAnswerExam[]; current: string | undefined }) {
  const { t } = useTranslation();
  const listed = exams.filter((exam) => exam.hiddenUntil === null);
  if (listed.length < 2 && current === undefined) return null;
  return (
    <nav aria-label={t('exams.book.filter')} className="bg-surface px-3 py-2">
      <ul className="flex gap-2 overflow-x-auto">
        <li>
          <Link
            to={href('wrongAnswers')}
            aria-current={current === undefined ? 'page' : undefined}
            className={`${chipClass} border-line text-ink`}
          >
            {t('exams.book.allExams')}
          </Link>
        </li>
        {listed.map((exam) => (
          <li key={exam.uid}>
            <Link
              to={href('wrongAnswers', {}, { exam: exam.uid })}
              aria-current={current === exam.uid ? 'page' : undefined}
              className={`${chipClass} border-line text-ink`}
              data-testid="book-exam-filter"
            >
              {t('exams.book.examCount', { title: exam.title, count: exam.count })}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Exams whose mistakes wait for their answer key: how many, and until when. */
function HeldBack({ exams }: { exams: WrongAnswerExam[] }) {
  const { t } = useTranslation();
  const held = exams.filter((exam) => exam.hiddenUntil !== null);
  if (held.length === 0) return null;
  return (
    <section aria-labelledby="book-held" className="mt-2 bg-surface p-4" data-testid="book-held-back">
      <h2 id="book-held" className="text-sm font-semibold text-ink">
        {t('exams.book.heldTitle')}
      </h2>
      <ul className="mt-1 space-y-1 text-sm text-ink-muted">
        {held.map((exam) => (
          <li key={exam.uid} className="break-words">
            {t(`exams.book.held.${exam.hiddenUntil ?? 'NEVER'}`, { title: exam.title, count: exam.count })}
          </li>
        ))}
      </ul>
    </section>
  );
}

function BookItem({ item }: { item: WrongAnswer }) {
  const { t } = useTranslation();
  return (
    <AnalysisItem question={item} testId="book-item" as="article">
      <div className="flex flex-wrap items-center justify-between gap-x-3 text-xs text-ink-muted">
        <span className="min-w-0 break-words" data-testid="book-item-exam">
          {t('exams.book.from', { title: item.exam.title, time: isoDateMinutes(item.answeredAt) })}
        </span>
        <Link
          to={href('examTestResult', { uid: item.exam.uid }, { attempt: item.attemptId })}
          className="inline-flex min-h-11 items-center font-medium text-brand-strong"
        >
          {t('exams.book.viewResult')}
        </Link>
      </div>
    </AnalysisItem>
  );
}

/**
 * /me/wrong-answers?exam={uid}: the questions the learner answered wrong or partly right in
 * graded exam attempts, newest first, with their answer, the right one and the explanation; the
 * mistakes of exams that do not show their key yet are counted, not listed (decision record 022).
 * Practise takes the listed ones (of the chosen exam) into an unscored round.
 */
export default function WrongAnswerBookScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const exam = search.get('exam') || undefined;
  const query = useWrongAnswers(exam);
  const first = query.data?.pages[0];
  const total = first?.total ?? 0;

  return (
    <ScreenLayout title={t('route.wrongAnswers')} back>
      {first ? <ExamFilter exams={first.exams} current={exam} /> : null}
      {total > 0 ? (
        <div className="bg-surface px-4 pt-2 pb-3">
          <p className="mb-2 text-sm text-ink-muted" data-testid="book-total">
            {t('exams.book.total', { count: total })}
          </p>
          <Link
            to={href('wrongAnswers', {}, { practice: 1, exam })}
            className="flex h-11 w-full items-center justify-center rounded-full bg-brand-strong text-[0.9375rem] font-medium text-on-brand active:opacity-80"
            data-testid="book-practise"
          >
            {t('exams.book.practise')}
          </Link>
        </div>
      ) : null}
      <section aria-label={t('exams.book.listLabel')} className="mt-2 bg-surface px-4">
        <InfiniteList
          query={query}
          label={t('exams.book.listLabel')}
          itemKey={(item) => item.id}
          renderItem={(item) => <BookItem item={item} />}
          skeleton={
            <div className="space-y-3 py-4">
              {Array.from({ length: 3 }, (_, index) => (
                <SkeletonBlock key={index} className="h-32" />
              ))}
            </div>
          }
          empty={<EmptyState title={t('exams.book.emptyTitle')} description={t('exams.book.empty')} />}
          className="divide-y divide-line"
          testId="book-list"
        />
      </section>
      {first ? <HeldBack exams={first.exams} /> : null}
    </ScreenLayout>
  );
}
