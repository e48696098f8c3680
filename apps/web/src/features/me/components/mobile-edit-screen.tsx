import { zodResolver } from '@hookform/resolvers/zod';
import { bindPhoneSchema, type BindPhone } from '@school/contract/users';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../lib/i18n';
import { PhoneCodeFields } from '../../../components/form/phone-code-fields';
import { href } from '../../../config/route-paths';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { showToast } from '../../../lib/toast';
import { useGoBack } from '../../../lib/use-go-back';
import { useSessionUser } from '../../../lib/use-session-user';
import { useBindPhone } from '../api/bind-phone';
import { useSendBindPhoneCode } from '../api/send-bind-phone-code';
import { EditLayout } from './edit-layout';

const fieldNames = ['phone', 'code'] as const;

/**
 * /me/account/mobile: bind or change the mobile number with a code sent to the new one. A number
 * bound to another account is refused (docs/product.md#validation-rules) when the code is asked for and when saving.
 */
export default function MobileEditScreen({ now }: { now?: () => number }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const sendCode = useSendBindPhoneCode();
  const bind = useBindPhone();
  const back = useGoBack(href('me'));
  const form = useForm<BindPhone>({
    mode: 'onTouched',
    resolver: zodResolver(bindPhoneSchema),
    defaultValues: { phone: '', code: '' },
  });
  const showFieldError = fieldErrorSetter(form.setError, fieldNames);

  if (!user) return null;

  const submit = form.handleSubmit(async (values) => {
    try {
      await bind.mutateAsync(values);
      showToast(t('common.saved'), 'success');
      back();
    } catch (error) {
      showFieldError(error);
    }
  });

  return (
    <EditLayout title={t('route.mobileEdit')} onSubmit={(event) => void submit(event)} pending={bind.isPending}>
      <p className="rounded-lg bg-canvas px-3 py-2 text-sm text-ink">
        {user.phone ? t('me.mobile.current', { phone: user.phone }) : t('me.mobile.none')}
      </p>
      <PhoneCodeFields
        form={form}
        phoneLabel={t(user.phone ? 'me.mobile.newLabel' : 'me.mobile.label')}
        sendCode={sendCode.mutateAsync}
        now={now}
      />
    </EditLayout>
  );
}
