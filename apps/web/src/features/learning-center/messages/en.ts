/** Texts of the learning centre (My courses, My classrooms, My exams). */
export const en = {
  'learning.tabs.label': 'Learning centre sections',
  'learning.tab.courses': 'My courses',
  'learning.tab.classrooms': 'My classrooms',
  'learning.tab.exams': 'My exams',

  'learning.progress.of': 'Progress of {{title}}',
  'learning.progress.percent': '{{percent}}%',
  'learning.lastStudied': 'Last studied {{time}}',
  'learning.notStudied': 'Not started yet',

  'learning.course.lessons': '{{learned}} of {{total}} lessons',
  'learning.course.noLessons': 'No lessons yet',
  'learning.course.validUntil': 'Valid until {{date}}',
  'learning.course.expiredOn': 'Expired on {{date}}',
  'learning.course.noTimeLimit': 'No time limit',
  'learning.course.start': 'Start learning',
  'learning.course.continue': 'Continue learning',
  'learning.course.review': 'Review',

  'learning.classroom.courses': '{{completed}} of {{total}} courses completed',

  'learning.exam.window': '{{start}} to {{end}}',
  'learning.exam.from': 'From {{start}}',
  'learning.exam.until': 'Until {{end}}',
  'learning.exam.anyTime': 'Take it any time',
  'learning.exam.attempts': 'Attempts: {{used}} of {{allowed}}',
  'learning.exam.attemptsUnlimited': 'Attempts: {{used}} (no limit)',
  'learning.exam.state.NOT_STARTED': 'Not started',
  'learning.exam.state.OPEN': 'Open',
  'learning.exam.state.ENDED': 'Ended',

  'learning.empty.courses': 'You have not joined a course yet',
  'learning.empty.coursesHint': 'Courses you join or buy appear here, with your progress.',
  'learning.empty.classrooms': 'You have not joined a classroom yet',
  'learning.empty.classroomsHint': 'Classrooms you enrol in appear here, with your progress.',
  'learning.empty.exams': 'You have not entered an exam yet',
  'learning.empty.examsHint': 'Exams you enter appear here, with your attempts.',
  'learning.discover.courses': 'Discover courses',
  'learning.discover.classrooms': 'Discover classrooms',
  'learning.discover.exams': 'Discover exams',
};
