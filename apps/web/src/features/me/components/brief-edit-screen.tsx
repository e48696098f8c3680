import { zodResolver } from '@hookform/resolvers/zod';
import { limits } from '@school/contract/limits';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { TextAreaField } from '../../../components/form/text-area-field';
import { href } from '../../../config/route-paths';
import { showToast } from '../../../lib/toast';
import { useGoBack } from '../../../lib/use-go-back';
import { useSessionUser } from '../../../lib/use-session-user';
import { useUpdateProfile } from '../api/update-profile';
import { EditLayout } from './edit-layout';

const schema = z.object({
  introduction: z.string().trim().max(limits.introductionMax, { error: 'me.brief.tooLong' }),
});
type BriefForm = z.infer<typeof schema>;

/** /me/profile/brief: a short introduction (may be empty). */
export default function BriefEditScreen() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const update = useUpdateProfile();
  const back = useGoBack(href('meProfile'));
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<BriefForm>({ resolver: zodResolver(schema), defaultValues: { introduction: user?.introduction ?? '' } });
  const length = [...useWatch({ control, name: 'introduction' })].length;

  if (!user) return null;

  const submit = handleSubmit(async ({ introduction }) => {
    try {
      await update.mutateAsync({ userId: user.id, nickname: user.nickname, introduction: introduction || null });
      showToast(t('common.saved'), 'success');
      back();
    } catch {
      // The HTTP client has shown the notice.
    }
  });

  const error = errors.introduction?.message;
  return (
    <EditLayout title={t('route.briefEdit')} onSubmit={(event) => void submit(event)} pending={update.isPending}>
      <TextAreaField
        label={t('me.profile.introduction')}
        rows={6}
        maxLength={limits.introductionMax}
        placeholder={t('me.brief.placeholder')}
        error={error}
        counter={t('me.brief.count', { count: length, max: limits.introductionMax })}
        {...register('introduction')}
      />
    </EditLayout>
  );
}
