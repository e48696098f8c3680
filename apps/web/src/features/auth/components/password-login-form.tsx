import { zodResolver } from '@hookform/resolvers/zod';
import { limits } from '@school/contract/validation';
import Button from 'antd-mobile/es/components/button';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EyeIcon, EyeOffIcon } from '../../../components/ui/icons';
import { href } from '../../../config/route-paths';
import { isApiError } from '../../../lib/api-error';
import { useLogin } from '../api/login';
import { passwordLoginFormSchema, type PasswordLoginForm } from './password-login-schema';

const fieldNames = ['username', 'password'] as const;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-xs text-danger">
      {t(message as never)}
    </p>
  );
}

/** Username-or-phone + password login (spec §2 "Login"). */
export function PasswordLoginForm({ onSuccess }: { onSuccess: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [showPassword, setShowPassword] = useState(false);
  const login = useLogin();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<PasswordLoginForm>({
    resolver: zodResolver(passwordLoginFormSchema),
    defaultValues: { username: '', password: '', rememberMe: false, agreement: false },
  });

  const submit = handleSubmit(async ({ username, password, rememberMe }) => {
    try {
      await login.mutateAsync({ username, password, rememberMe });
      onSuccess();
    } catch (error) {
      // The notice is already on screen; a rejected field also gets its message in place.
      if (isApiError(error) && error.field && error.rule && (fieldNames as readonly string[]).includes(error.field)) {
        setError(error.field as (typeof fieldNames)[number], { message: error.rule }, { shouldFocus: true });
      }
    }
  });

  const inputClass = (invalid: boolean) =>
    `h-11 w-full rounded-lg border bg-surface px-3 text-[0.9375rem] text-ink placeholder:text-ink-subtle ${
      invalid ? 'border-danger' : 'border-line'
    }`;
  const ids = {
    username: `${id}-username`,
    password: `${id}-password`,
    rememberMe: `${id}-remember`,
    agreement: `${id}-agreement`,
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 px-4 pt-5 pb-8">
      <div>
        <label htmlFor={ids.username} className="mb-1.5 block text-sm font-medium text-ink">
          {t('auth.username.label')}
        </label>
        <input
          id={ids.username}
          type="text"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          placeholder={t('auth.username.placeholder')}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? `${ids.username}-error` : undefined}
          className={inputClass(!!errors.username)}
          {...register('username')}
        />
        <FieldError id={`${ids.username}-error`} message={errors.username?.message} />
      </div>

      <div>
        <label htmlFor={ids.password} className="mb-1.5 block text-sm font-medium text-ink">
          {t('auth.password.label')}
        </label>
        <div className="relative">
          <input
            id={ids.password}
            type={showPassword ? 'text' : 'password'}
            autoComplete="current-password"
            placeholder={t('auth.password.placeholder')}
            aria-invalid={errors.password ? true : undefined}
            aria-describedby={errors.password ? `${ids.password}-error` : undefined}
            className={`${inputClass(!!errors.password)} pr-11`}
            {...register('password')}
          />
          <button
            type="button"
            onClick={() => setShowPassword((shown) => !shown)}
            aria-label={t(showPassword ? 'auth.password.hide' : 'auth.password.show')}
            aria-pressed={showPassword}
            className="absolute inset-y-0 right-0 flex w-11 items-center justify-center text-lg text-ink-muted"
          >
            {showPassword ? <EyeOffIcon /> : <EyeIcon />}
          </button>
        </div>
        <FieldError id={`${ids.password}-error`} message={errors.password?.message} />
      </div>

      <div className="flex items-center gap-2">
        <input id={ids.rememberMe} type="checkbox" className="size-4 accent-brand-strong" {...register('rememberMe')} />
        <label htmlFor={ids.rememberMe} className="text-sm text-ink-muted">
          {t('auth.rememberMe', { days: limits.rememberMeDays })}
        </label>
      </div>

      <div>
        <div className="flex items-start gap-2">
          <input
            id={ids.agreement}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-brand-strong"
            aria-invalid={errors.agreement ? true : undefined}
            aria-describedby={errors.agreement ? `${ids.agreement}-error` : undefined}
            {...register('agreement')}
          />
          {/* The label holds the links too; tapping a link opens it, tapping text ticks the box. */}
          <label htmlFor={ids.agreement} className="text-xs leading-5 text-ink-muted">
            <Trans
              i18nKey="auth.agreement"
              components={{
                terms: <Link to={href('meAgreement', { code: 'terms' })} className="text-brand-strong underline" />,
                privacy: <Link to={href('meAgreement', { code: 'privacy' })} className="text-brand-strong underline" />,
              }}
            />
          </label>
        </div>
        <FieldError id={`${ids.agreement}-error`} message={errors.agreement?.message} />
      </div>

      <Button
        block
        type="submit"
        color="primary"
        shape="rounded"
        size="large"
        loading={login.isPending}
        loadingText={t('auth.submitting')}
      >
        {t('auth.submit')}
      </Button>
    </form>
  );
}
