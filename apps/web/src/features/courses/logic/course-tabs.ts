export const courseTabKeys = ['about', 'syllabus', 'ratings', 'notes', 'threads', 'lectures'] as const;
export type CourseTab = (typeof courseTabKeys)[number];

export const courseTabMessageIds = {
  about: 'courses.tab.about',
  syllabus: 'courses.tab.syllabus',
  ratings: 'courses.tab.ratings',
  notes: 'courses.tab.notes',
  threads: 'courses.tab.threads',
  lectures: 'courses.tab.lectures',
} as const satisfies Record<CourseTab, string>;

/** The tab in the URL (`?tab=`), else the syllabus for members and the introduction for others. */
export function courseTabOf(value: string | null, activeMember: boolean): CourseTab {
  return courseTabKeys.includes(value as CourseTab) ? (value as CourseTab) : activeMember ? 'syllabus' : 'about';
}
