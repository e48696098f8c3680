import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { AgreementCheckbox } from '../../../components/form/agreement-checkbox';
import { AvailabilityHint } from '../../../components/form/availability-hint';
import { PhoneCodeFields } from '../../../components/form/phone-code-fields';
import { TextField } from '../../../components/form/text-field';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { useAvailability } from '../../../lib/use-availability';
import { registerUsernameCheckQueryOptions } from '../api/check-register-username';
import { useSendSmsCode } from '../api/send-sms-code';
import { NewPasswordFields } from './new-password-fields';
import { deferredModule } from '../../../lib/deferred-module';
import { deferredResolver } from '../../../lib/deferred-resolver';
import { usePlainForm } from '../../../lib/use-plain-form';
import type { SignUpForm, SignUpValues } from '../logic/sign-up-schema';
import { SubmitButton } from '../../../components/form/submit-button';

const signUpFieldNames = ['phone', 'code', 'nickname', 'username', 'password', 'confirmPassword'] as const;

// The rules (and zod with them) arrive with the form's first focus (lib/deferred-resolver.ts).
const rules = deferredModule(() => import('../logic/sign-up-schema'));
const resolver = deferredResolver(() => rules.load().then((m) => m.signUpResolver));
// Until the rules arrive no username is checked with the server; they come at the first focus,
// before the learner reaches the username, and each keystroke asks again.
const isValidUsername = (value: string) => rules.peek()?.isValidUsername(value) ?? false;

export interface SignUpFormProps {
  submitLabel: string;
  pending: boolean;
  /** Creates the account; a rejection naming a field (taken name, bound phone, wrong code) lands on it. */
  onSubmit(values: SignUpValues): Promise<void>;
  /** Under the submit button. */
  footer?: ReactNode;
  now?: () => number;
}

/**
 * A new account, its phone verified by SMS (a `register` code): phone, code, nickname,
 * username (checked as you type), password and confirmation, the agreement.
 */
export function SignUpForm({ submitLabel, pending, onSubmit, footer, now }: SignUpFormProps) {
  const { t } = useTranslation();
  const sendCode = useSendSmsCode();
  const form = usePlainForm<SignUpForm>({ mode: 'onTouched', resolver, watch: ['username'] });
  const { register, setError } = form;
  const { errors } = form.formState;
  const availability = useAvailability(form.watched('username'), {
    isValid: isValidUsername,
    queryOptions: registerUsernameCheckQueryOptions,
  });

  const showFieldError = fieldErrorSetter(setError, signUpFieldNames);

  const submit = form.handleSubmit(async ({ agreement: _agreement, ...values }) => {
    if (availability === 'taken') {
      setError('username', { message: 'rule.username.taken' }, { shouldFocus: true });
      return;
    }
    try {
      await onSubmit(values);
    } catch (error) {
      showFieldError(error);
    }
  });

  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      onFocus={resolver.preload}
      className="space-y-4 px-4 pt-5 pb-8"
    >
      <PhoneCodeFields
        form={form}
        sendCode={(phone) => sendCode.mutateAsync({ phone, purpose: 'register' })}
        now={now}
      />
      <TextField
        label={t('auth.nickname.label')}
        type="text"
        autoComplete="nickname"
        placeholder={t('auth.nickname.placeholder')}
        error={errors.nickname?.message}
        {...register('nickname')}
      />
      <TextField
        label={t('auth.newUsername.label')}
        type="text"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        placeholder={t('auth.newUsername.placeholder')}
        error={errors.username?.message}
        hint={<AvailabilityHint state={availability} />}
        {...register('username')}
      />
      <NewPasswordFields register={register} errors={errors} />
      <AgreementCheckbox error={errors.agreement?.message} {...register('agreement')} />
      {/* A flex gap: antd's own button stylesheet outranks the spacing utilities. */}
      <div className="flex flex-col gap-4">
        <SubmitButton pending={pending}>{submitLabel}</SubmitButton>
        {footer}
      </div>
    </form>
  );
}
