import { useTranslation } from '../../../lib/i18n';
import { href } from '../../../config/route-paths';
import { useMyExams } from '../api/get-my-exams';
import { LearningCenterLayout } from './learning-center-layout';
import { LearningList } from './learning-list';
import { MyExamCard } from './my-exam-card';

/** /learning/exams (MyExamList): the exams the learner entered, latest first. */
export default function MyExamListScreen() {
  const { t } = useTranslation();
  return (
    <LearningCenterLayout active="MyExamList">
      <LearningList
        query={useMyExams()}
        label={t('learning.tab.exams')}
        itemKey={(exam) => exam.uid}
        renderItem={(exam, eager) => <MyExamCard exam={exam} eager={eager} />}
        empty={{
          title: t('learning.empty.exams'),
          hint: t('learning.empty.examsHint'),
          discover: t('learning.discover.exams'),
          to: href('singleExamList'),
        }}
        testId="my-exam-list"
      />
    </LearningCenterLayout>
  );
}
