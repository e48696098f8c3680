import { zodResolver } from '@hookform/resolvers/zod';
import { limits, nicknameSchema } from '@school/contract/validation';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { z } from 'zod';
import { TextField } from '../../../components/form/text-field';
import { href } from '../../../config/route-paths';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { showToast } from '../../../lib/toast';
import { useGoBack } from '../../../lib/use-go-back';
import { useSessionUser } from '../../../lib/use-session-user';
import { useUpdateProfile } from '../api/update-profile';
import { EditLayout } from './edit-layout';

const schema = z.object({ nickname: nicknameSchema });
type NicknameForm = z.infer<typeof schema>;

/** /me/profile/nickname: the nickname is required (docs/product.md#validation-rules). */
export default function NicknameEditScreen() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const update = useUpdateProfile();
  const back = useGoBack(href('meProfile'));
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<NicknameForm>({ resolver: zodResolver(schema), defaultValues: { nickname: user?.nickname ?? '' } });
  const setFieldError = fieldErrorSetter(setError, ['nickname'] as const);

  if (!user) return null;

  const submit = handleSubmit(async ({ nickname }) => {
    try {
      await update.mutateAsync({ userId: user.id, nickname });
      showToast(t('common.saved'), 'success');
      back();
    } catch (error) {
      setFieldError(error);
    }
  });

  return (
    <EditLayout title={t('route.nicknameEdit')} onSubmit={(event) => void submit(event)} pending={update.isPending}>
      <TextField
        label={t('me.profile.nickname')}
        type="text"
        autoComplete="nickname"
        maxLength={limits.nicknameMax}
        placeholder={t('me.nickname.placeholder')}
        error={errors.nickname?.message}
        {...register('nickname')}
      />
    </EditLayout>
  );
}
