import { useTranslation } from '../../../lib/i18n';
import { href } from '../../../config/route-paths';
import { useMyClassrooms } from '../api/get-my-classrooms';
import { LearningCenterLayout } from './learning-center-layout';
import { LearningList } from './learning-list';
import { MyClassroomCard } from './my-classroom-card';

/** /learning/classrooms (MyClassroomList): the learner's classrooms, last studied first. */
export default function MyClassroomListScreen() {
  const { t } = useTranslation();
  return (
    <LearningCenterLayout active="MyClassroomList">
      <LearningList
        query={useMyClassrooms()}
        label={t('learning.tab.classrooms')}
        itemKey={(classroom) => classroom.uid}
        renderItem={(classroom, eager) => <MyClassroomCard classroom={classroom} eager={eager} />}
        empty={{
          title: t('learning.empty.classrooms'),
          hint: t('learning.empty.classroomsHint'),
          discover: t('learning.discover.classrooms'),
          to: href('classroomList'),
        }}
        testId="my-classroom-list"
      />
    </LearningCenterLayout>
  );
}
