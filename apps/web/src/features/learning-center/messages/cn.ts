import type { en } from './en';

export const cn: Record<keyof typeof en, string> = {
  'learning.tabs.label': '学习中心分类',
  'learning.tab.courses': '我的课程',
  'learning.tab.classrooms': '我的班级',
  'learning.tab.exams': '我的考试',

  'learning.progress.of': '{{title}}的学习进度',
  'learning.progress.percent': '{{percent}}%',
  'learning.lastStudied': '上次学习：{{time}}',
  'learning.notStudied': '尚未开始学习',

  'learning.course.lessons': '已学 {{learned}}/{{total}} 课时',
  'learning.course.noLessons': '暂无课时',
  'learning.course.validUntil': '有效期至 {{date}}',
  'learning.course.expiredOn': '已于 {{date}} 过期',
  'learning.course.noTimeLimit': '长期有效',
  'learning.course.start': '开始学习',
  'learning.course.continue': '继续学习',
  'learning.course.review': '复习',

  'learning.classroom.courses': '已完成 {{completed}}/{{total}} 门课程',

  'learning.refundPending': '退款审核中',

  'learning.exam.window': '{{start}} 至 {{end}}',
  'learning.exam.from': '{{start}} 起',
  'learning.exam.until': '截至 {{end}}',
  'learning.exam.anyTime': '随时可考',
  'learning.exam.attempts': '已考 {{used}}/{{allowed}} 次',
  'learning.exam.attemptsUnlimited': '已考 {{used}} 次（不限次数）',
  'learning.exam.status.IN_PROGRESS': '答题中',
  'learning.exam.status.REVIEWING': '批阅中',
  'learning.exam.status.NOT_STARTED': '未开始',
  'learning.exam.status.PASSED': '已通过',
  'learning.exam.status.FAILED': '未通过',
  'learning.exam.status.OPEN': '可参加',
  'learning.exam.status.ATTEMPTS_USED': '次数已用完',
  'learning.exam.status.CLOSED': '已关闭',
  'learning.exam.lateEntryUntil': '迟到入场截止 {{time}}',
  'learning.exam.bestScore': '最高分 {{score}}/{{total}}',

  'learning.empty.courses': '你还没有加入任何课程',
  'learning.empty.coursesHint': '加入或购买的课程会显示在这里，并记录你的学习进度。',
  'learning.empty.classrooms': '你还没有加入任何班级',
  'learning.empty.classroomsHint': '报名的班级会显示在这里，并记录你的学习进度。',
  'learning.empty.exams': '你还没有参加任何考试',
  'learning.empty.examsHint': '报名的考试会显示在这里，并记录你的考试次数。',
  'learning.discover.courses': '去发现课程',
  'learning.discover.classrooms': '去发现班级',
  'learning.discover.exams': '去发现考试',
};
