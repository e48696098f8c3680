import type { NotificationParams } from '@school/contract/notifications';
import { isoDateMinutes } from '../../../lib/format';
import type { TFunction } from '../../../lib/i18n';

/** The sentence a notification reads as, in the learner's language, from its kind and params. */
export function notificationText(params: NotificationParams, t: TFunction): string {
  switch (params.kind) {
    case 'EXAM_GRADED':
      return t(
        params.passed === true
          ? 'notifications.text.examPassed'
          : params.passed === false
            ? 'notifications.text.examFailed'
            : 'notifications.text.examGraded',
        { title: params.title, score: params.score },
      );
    case 'REFUND_DECIDED':
      return t(params.accepted ? 'notifications.text.refundAccepted' : 'notifications.text.refundRefused', {
        title: params.title,
      });
    case 'LIVE_STARTING':
      return t('notifications.text.liveStarting', { title: params.title, time: isoDateMinutes(params.startsAt) });
    case 'MEMBERSHIP_EXPIRING':
      return t('notifications.text.membershipExpiring', {
        title: params.title,
        time: isoDateMinutes(params.expiresAt),
      });
    case 'CLASSROOM_ANNOUNCEMENT':
      return t('notifications.text.classroomAnnouncement', { title: params.title, classroom: params.classroom });
  }
}
