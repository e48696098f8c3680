import type { ClassroomDetail } from '@school/contract/classrooms';
import { useTranslation } from '../../../lib/i18n';
import { isoDateMinutes } from '../../../lib/format';
import { durationMessage } from '../logic/enrol';

/** Learners, courses, duration, start and the enrolment window as a description list. */
export function ClassroomFacts({ classroom }: { classroom: ClassroomDetail }) {
  const { t } = useTranslation();
  const duration = durationMessage(classroom.durationDays);
  const { enrolStartTime: from, enrolEndTime: until } = classroom;
  const window =
    from && until
      ? `${isoDateMinutes(from)} – ${isoDateMinutes(until)}`
      : from
        ? t('classrooms.detail.enrolFrom', { time: isoDateMinutes(from) })
        : until
          ? t('classrooms.detail.enrolUntil', { time: isoDateMinutes(until) })
          : t('classrooms.detail.enrolAnyTime');

  const facts: [string, string, string][] = [
    ['students', t('classrooms.detail.students'), String(classroom.studentCount)],
    ['courses', t('classrooms.detail.courses'), String(classroom.courseCount)],
    ['duration', t('classrooms.detail.duration'), t(duration.id, duration.values)],
    [
      'start',
      t('classrooms.detail.startTime'),
      classroom.startTime ? isoDateMinutes(classroom.startTime) : t('classrooms.detail.startOnJoin'),
    ],
    ['enrol', t('classrooms.detail.enrolWindow'), window],
  ];

  return (
    <>
      <h3 className="sr-only">{t('classrooms.detail.facts')}</h3>
      <dl className="grid grid-cols-3 gap-y-3 text-center" data-testid="classroom-facts">
        {facts.map(([key, label, value]) => {
          // Counts sit in three columns, number over label; the two dates take a full row each.
          const wide = key === 'start' || key === 'enrol';
          return (
            <div
              key={key}
              className={wide ? 'col-span-3 flex items-baseline justify-between gap-3 text-left' : 'flex flex-col'}
              data-testid={`fact-${key}`}
            >
              <dt className="shrink-0 text-xs text-ink-muted">{label}</dt>
              <dd className={`text-sm font-semibold text-ink ${wide ? 'text-right' : 'order-first'}`}>{value}</dd>
            </div>
          );
        })}
      </dl>
    </>
  );
}
