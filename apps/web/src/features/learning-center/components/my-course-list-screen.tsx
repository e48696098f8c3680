import { useTranslation } from '../../../lib/i18n';
import { href } from '../../../config/route-paths';
import { useMyCourses } from '../api/get-my-courses';
import { LearningCenterLayout } from './learning-center-layout';
import { LearningList } from './learning-list';
import { MyCourseCard } from './my-course-card';

/** /learning/courses (MyCourseList): the learner's courses, last studied first. */
export default function MyCourseListScreen() {
  const { t } = useTranslation();
  return (
    <LearningCenterLayout active="MyCourseList">
      <LearningList
        query={useMyCourses()}
        label={t('learning.tab.courses')}
        itemKey={(course) => course.uid}
        renderItem={(course, eager) => <MyCourseCard course={course} eager={eager} />}
        empty={{
          title: t('learning.empty.courses'),
          hint: t('learning.empty.coursesHint'),
          discover: t('learning.discover.courses'),
          to: href('courseList'),
        }}
        testId="my-course-list"
      />
    </LearningCenterLayout>
  );
}
