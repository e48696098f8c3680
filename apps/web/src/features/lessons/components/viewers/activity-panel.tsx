import type { LessonContent } from '@school/contract/lessons';
import { useTranslation } from '../../../../lib/i18n';
import { isoDateMinutes } from '../../../../lib/format';
import { showToast } from '../../../../lib/toast';
import { useRegisterActivity } from '../../api/register-activity';
import { FactList } from './fact-list';
import { primaryButtonClass } from '../../../../components/form/form-styles';

type Activity = Extract<LessonContent, { kind: 'ACTIVITY' }>;

interface ActivityPanelProps {
  lessonId: number;
  activity: Activity;
  /** Only members studying the lesson may register (a preview keeps nothing). */
  canRegister: boolean;
}

/**
 * An ACTIVITY lesson: when, where, seats taken, and registration. A full activity answers 409
 * tooManyParticipants, whose catalogue text the HTTP client shows; the seats are then refreshed.
 */
export function ActivityPanel({ lessonId, activity, canRegister }: ActivityPanelProps) {
  const { t } = useTranslation();
  const register = useRegisterActivity(lessonId);
  const { maxParticipants: max, participantCount: count } = activity;
  const full = max !== null && count >= max;

  let action;
  if (activity.registered) {
    action = (
      <p role="status" className="mt-5 rounded-lg bg-brand-soft px-3 py-2 text-center text-sm text-brand-strong">
        {t('lessons.activity.registered')}
      </p>
    );
  } else if (!canRegister) {
    action = <p className="mt-5 text-center text-sm text-ink-muted">{t('lessons.activity.membersOnly')}</p>;
  } else {
    action = (
      <button
        type="button"
        className={`mt-5 ${primaryButtonClass}`}
        disabled={full || register.isPending}
        onClick={() =>
          register.mutate(undefined, { onSuccess: () => showToast(t('lessons.activity.registered'), 'success') })
        }
      >
        {full
          ? t('lessons.activity.full')
          : register.isPending
            ? t('lessons.activity.registering')
            : t('lessons.activity.register')}
      </button>
    );
  }

  return (
    <section aria-labelledby="activity-title" className="bg-surface px-4 py-5" data-testid="activity-panel">
      <h2 id="activity-title" className="text-base font-semibold text-ink">
        {t('lessons.activity.title')}
      </h2>
      <FactList
        facts={[
          {
            id: 'start',
            label: t('lessons.activity.startTime'),
            value: activity.startTime ? isoDateMinutes(activity.startTime) : t('lessons.activity.noStartTime'),
          },
          {
            id: 'address',
            label: t('lessons.activity.address'),
            value: activity.address.trim() || t('lessons.activity.noAddress'),
          },
          {
            id: 'seats',
            label: t('lessons.activity.seats'),
            value:
              max === null
                ? t('lessons.activity.seatsUnlimited', { count })
                : t('lessons.activity.seatsValue', { count, max }),
          },
        ]}
      />
      {action}
    </section>
  );
}
