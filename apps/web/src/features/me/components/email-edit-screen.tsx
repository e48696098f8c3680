import { zodResolver } from '@hookform/resolvers/zod';
import { bindEmailSchema, type BindEmail, type EmailLinkSent } from '@school/contract/account-security';
import Button from 'antd-mobile/es/components/button';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '../../../components/form/text-field';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { MailIcon } from '../../../components/ui/icons';
import { confirmThenRun } from '../../../lib/confirm-dialog';
import { fieldErrorSetter } from '../../../lib/field-error-setter';
import { useTranslation } from '../../../lib/i18n';
import { showToast } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/use-session-user';
import { useSendEmailLink, useUnbindEmail } from '../api/email-binding';

/**
 * /me/account/email: bind or change the email with a link mailed to it (docs/product.md#account-and-security).
 * After sending, the screen says where the mail went and how long its link works.
 */
export default function EmailEditScreen() {
  const { t } = useTranslation();
  const user = useSessionUser();
  const send = useSendEmailLink();
  const unbind = useUnbindEmail();
  const [sent, setSent] = useState<EmailLinkSent | null>(null);
  const form = useForm<BindEmail>({
    mode: 'onTouched',
    resolver: zodResolver(bindEmailSchema),
    defaultValues: { email: '' },
  });
  const showFieldError = fieldErrorSetter(form.setError, ['email'] as const);

  if (!user) return null;

  const submit = form.handleSubmit(async (values) => {
    try {
      setSent(await send.mutateAsync(values));
      showToast(t('common.emailSent'), 'success');
    } catch (error) {
      showFieldError(error);
    }
  });

  const confirmUnbind = () =>
    confirmThenRun(
      {
        title: t('me.email.unbindTitle'),
        content: t('me.email.unbindMessage'),
        confirmText: t('me.email.unbind'),
        cancelText: t('me.cancel'),
      },
      () => unbind.mutateAsync(),
      t('common.saved'),
    );

  return (
    <ScreenLayout title={t('route.emailEdit')} back surface="white">
      <div className="space-y-4 px-4 pt-5 pb-8">
        <p className="rounded-lg bg-canvas px-3 py-2 text-sm break-all text-ink">
          {user.email ? t('me.email.current', { email: user.email }) : t('me.email.none')}
        </p>
        {sent ? (
          <section role="status" aria-labelledby="email-sent-title" className="rounded-card bg-brand-soft px-4 py-4">
            <h2 id="email-sent-title" className="flex items-center gap-2 text-base font-semibold text-ink">
              <MailIcon aria-hidden="true" className="shrink-0 text-lg text-brand-strong" />
              {t('me.email.sentTitle')}
            </h2>
            <p className="mt-2 text-sm break-all text-ink">{t('me.email.sentTo', { email: sent.email })}</p>
            <p className="mt-1 text-sm text-ink">
              {t('me.email.sentExpiry', { minutes: Math.round(sent.expiresInSeconds / 60) })}
            </p>
            <button
              type="button"
              onClick={() => setSent(null)}
              className="mt-2 min-h-11 text-sm font-medium text-brand-strong"
            >
              {t('me.email.another')}
            </button>
          </section>
        ) : (
          <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
            <TextField
              label={t(user.email ? 'me.email.newLabel' : 'me.email.label')}
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              error={form.formState.errors.email?.message}
              {...form.register('email')}
            />
            <p className="text-xs text-ink-muted">{t('me.email.hint')}</p>
            <Button block type="submit" color="primary" shape="rounded" size="large" loading={send.isPending}>
              {t('me.email.send')}
            </Button>
          </form>
        )}
        {user.email ? (
          <Button
            block
            shape="rounded"
            size="large"
            color="danger"
            fill="outline"
            loading={unbind.isPending}
            onClick={() => void confirmUnbind()}
          >
            {t('me.email.unbind')}
          </Button>
        ) : null}
      </div>
    </ScreenLayout>
  );
}
