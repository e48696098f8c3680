/** Texts of the notification centre and the Me tab's badge. */
export const en = {
  'notifications.title': 'Notifications',
  'notifications.listLabel': 'Your notifications',
  'notifications.markAllRead': 'Mark all read',
  'notifications.unread': 'Unread',
  'notifications.empty.title': 'No notifications yet',
  'notifications.empty.hint': 'Grades, refunds, live lessons and classroom news will show up here.',
  'notifications.badge_one': '{{count}} unread notification',
  'notifications.badge_other': '{{count}} unread notifications',

  'notifications.kind.EXAM_GRADED': 'Exam graded',
  'notifications.kind.REFUND_DECIDED': 'Refund decided',
  'notifications.kind.LIVE_STARTING': 'Live lesson soon',
  'notifications.kind.MEMBERSHIP_EXPIRING': 'Access ending soon',
  'notifications.kind.CLASSROOM_ANNOUNCEMENT': 'Classroom announcement',

  'notifications.text.examGraded': '“{{title}}” was graded: {{score}} points.',
  'notifications.text.examPassed': '“{{title}}” was graded: {{score}} points. You passed.',
  'notifications.text.examFailed': '“{{title}}” was graded: {{score}} points. Not passed this time.',
  'notifications.text.refundAccepted': 'Your refund for “{{title}}” was accepted.',
  'notifications.text.refundRefused': 'Your refund for “{{title}}” was not accepted.',
  'notifications.text.liveStarting': '“{{title}}” starts at {{time}}.',
  'notifications.text.membershipExpiring': 'Your access to “{{title}}” ends on {{time}}.',
  'notifications.text.classroomAnnouncement': '{{classroom}}: {{title}}',
} as const;
