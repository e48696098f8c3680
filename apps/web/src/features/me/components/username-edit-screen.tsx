import { zodResolver } from '@hookform/resolvers/zod';
import { usernameChangeSchema, type UsernameChange } from '@school/contract/users';
import { limits, usernameSchema } from '@school/contract/validation';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { AvailabilityHint } from '../../../components/form/availability-hint';
import { TextField } from '../../../components/form/text-field';
import { href } from '../../../config/route-paths';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { showToast } from '../../../lib/toast';
import { useAvailability } from '../../../lib/use-availability';
import { useGoBack } from '../../../lib/use-go-back';
import { useSessionUser } from '../../../lib/use-session-user';
import { useChangeUsername } from '../api/change-username';
import { usernameCheckQueryOptions } from '../api/check-username';
import { EditLayout } from './edit-layout';

const isValidUsername = (value: string) => usernameSchema.safeParse(value).success;

/**
 * /me/account/username: every rule of docs/product.md#validation-rules checked as the learner types, then whether the
 * name is free (debounced), then PUT /api/users/{id}/username.
 */
export default function UsernameEditScreen() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const change = useChangeUsername();
  const back = useGoBack(href('me'));
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors },
  } = useForm<UsernameChange>({
    mode: 'onChange',
    resolver: zodResolver(usernameChangeSchema),
    defaultValues: { username: user?.username ?? '' },
  });
  const setFieldError = fieldErrorSetter(setError, ['username'] as const);
  const username = useWatch({ control, name: 'username' });
  const availability = useAvailability(username, {
    isValid: isValidUsername,
    queryOptions: usernameCheckQueryOptions,
    unchanged: user?.username,
  });

  if (!user) return null;

  const submit = handleSubmit(async (values) => {
    if (values.username === user.username) {
      back();
      return;
    }
    if (availability === 'taken') {
      setError('username', { message: 'rule.username.taken' }, { shouldFocus: true });
      return;
    }
    try {
      await change.mutateAsync({ userId: user.id, username: values.username });
      showToast(t('common.saved'), 'success');
      back();
    } catch (error) {
      setFieldError(error);
    }
  });

  return (
    <EditLayout title={t('route.usernameEdit')} onSubmit={(event) => void submit(event)} pending={change.isPending}>
      <TextField
        label={t('me.account.username')}
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        error={errors.username?.message}
        hint={<AvailabilityHint state={availability} />}
        {...register('username')}
      />
      <ul className="list-disc space-y-1 pl-5 text-xs text-ink-muted">
        <li>{t('me.usernameRules.length', { min: limits.usernameMin, max: limits.usernameMax })}</li>
        <li>{t('me.usernameRules.chars')}</li>
        <li>{t('me.usernameRules.edge')}</li>
        <li>{t('me.usernameRules.phone')}</li>
      </ul>
    </EditLayout>
  );
}
