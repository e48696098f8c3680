import type { ClassroomDetail } from '@school/contract/classrooms';
import { useTranslation } from 'react-i18next';
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
    <dl
      aria-label={t('classrooms.detail.facts')}
      className="grid grid-cols-3 gap-y-3 text-center"
      data-testid="classroom-facts"
    >
      {facts.map(([key, label, value]) => (
        <div
          key={key}
          className={`flex flex-col-reverse ${key === 'start' || key === 'enrol' ? 'col-span-3 flex-row-reverse justify-between text-left' : ''}`}
          data-testid={`fact-${key}`}
        >
          <dd className="text-sm font-semibold text-ink">{value}</dd>
          <dt className="text-xs text-ink-muted">{label}</dt>
        </div>
      ))}
    </dl>
  );
}
