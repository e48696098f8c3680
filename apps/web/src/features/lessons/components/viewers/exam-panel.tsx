import { requirementUnmet } from '@school/contract/exam-requirement';
import type { LessonContent } from '@school/contract/lessons';
import { useTranslation } from '../../../../lib/i18n';
import { Link } from '../../../../components/ui/router-link';
import { href } from '../../../../config/route-paths';
import { isoDateMinutes } from '../../../../lib/format';
import { primaryButtonClass } from '../../../../components/form/form-styles';
import { RequirementNote } from '../../../../components/catalogue/requirement-note';
import { FactList } from './fact-list';

type Exam = Extract<LessonContent, { kind: 'EXAM' }>['exam'];

/** An EXAM lesson: the exam's facts and the way to its detail page, where it is taken. */
export function ExamPanel({ exam }: { exam: Exam }) {
  const { t } = useTranslation();
  if (!exam) {
    return (
      <p className="bg-surface px-4 py-8 text-center text-sm text-ink-muted" data-testid="exam-panel">
        {t('lessons.exam.none')}
      </p>
    );
  }
  return (
    <section aria-labelledby="exam-title" className="bg-surface px-4 py-5" data-testid="exam-panel">
      <h2 id="exam-title" className="text-base font-semibold text-ink">
        {exam.title}
      </h2>
      <FactList
        facts={[
          {
            id: 'start',
            label: t('lessons.exam.startTime'),
            value: exam.startTime ? isoDateMinutes(exam.startTime) : t('lessons.exam.anyTime'),
          },
          ...(exam.endTime
            ? [{ id: 'end', label: t('lessons.exam.endTime'), value: isoDateMinutes(exam.endTime) }]
            : []),
          {
            id: 'duration',
            label: t('lessons.exam.duration'),
            value:
              exam.duration === null
                ? t('lessons.exam.unlimited')
                : t('lessons.exam.minutes', { count: exam.duration }),
          },
          {
            id: 'score',
            label: t('lessons.exam.score'),
            value: t('lessons.exam.scoreValue', { total: exam.totalScore, pass: exam.passScore }),
          },
          { id: 'quizzes', label: t('lessons.exam.quizCount'), value: String(exam.quizCount) },
        ]}
      />
      {exam.requirement ? (
        <div className="mt-4">
          <RequirementNote
            rule={t('lessons.exam.requirement.rule', {
              progress: exam.requirement.progress,
              course: exam.requirement.course.title,
            })}
            standing={
              exam.requirement.yourProgress === null
                ? undefined
                : t('lessons.exam.requirement.yours', { progress: exam.requirement.yourProgress })
            }
            met={!requirementUnmet(exam.requirement)}
            way={{
              to: href('courseDetail', { uid: exam.requirement.course.uid }),
              label: t('lessons.exam.requirement.continue'),
            }}
            testId="exam-panel-requirement"
          />
        </div>
      ) : null}
      <Link to={href('examDetail', { uid: exam.uid })} className={`mt-5 ${primaryButtonClass}`}>
        {t('lessons.exam.open')}
      </Link>
    </section>
  );
}
