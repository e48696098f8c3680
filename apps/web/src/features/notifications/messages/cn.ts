import type { en } from './en';

/** 通知中心与「我的」标签上的未读角标。 */
export const cn: Record<keyof typeof en, string> = {
  'notifications.title': '消息通知',
  'notifications.listLabel': '我的通知',
  'notifications.markAllRead': '全部已读',
  'notifications.unread': '未读',
  'notifications.empty.title': '暂无通知',
  'notifications.empty.hint': '考试成绩、退款结果、直播提醒和班级公告会显示在这里。',
  'notifications.badge_one': '{{count}} 条未读通知',
  'notifications.badge_other': '{{count}} 条未读通知',

  'notifications.kind.EXAM_GRADED': '考试已批阅',
  'notifications.kind.REFUND_DECIDED': '退款结果',
  'notifications.kind.LIVE_STARTING': '直播即将开始',
  'notifications.kind.MEMBERSHIP_EXPIRING': '学习有效期将到',
  'notifications.kind.CLASSROOM_ANNOUNCEMENT': '班级公告',

  'notifications.text.examGraded': '《{{title}}》已批阅：{{score}} 分。',
  'notifications.text.examPassed': '《{{title}}》已批阅：{{score}} 分，已通过。',
  'notifications.text.examFailed': '《{{title}}》已批阅：{{score}} 分，本次未通过。',
  'notifications.text.refundAccepted': '你对《{{title}}》的退款申请已同意。',
  'notifications.text.refundRefused': '你对《{{title}}》的退款申请未通过。',
  'notifications.text.liveStarting': '《{{title}}》将于 {{time}} 开始。',
  'notifications.text.membershipExpiring': '你的《{{title}}》学习有效期至 {{time}}。',
  'notifications.text.classroomAnnouncement': '{{classroom}}：{{title}}',
};
