import Button from 'antd-mobile/es/components/button';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { ScreenLayout } from '../../../components/layout/screen-layout';

interface EditLayoutProps {
  title: string;
  onSubmit(event: FormEvent<HTMLFormElement>): void;
  pending: boolean;
  children: ReactNode;
  submitLabel?: string;
}

/** A one-purpose edit screen: the fields, then Save. */
export function EditLayout({ title, onSubmit, pending, children, submitLabel }: EditLayoutProps) {
  const { t } = useTranslation();
  return (
    <ScreenLayout title={title} back surface="white">
      <form noValidate onSubmit={onSubmit} className="space-y-4 px-4 pt-5 pb-8">
        {children}
        <Button block type="submit" color="primary" shape="rounded" size="large" loading={pending}>
          {submitLabel ?? t('me.save')}
        </Button>
      </form>
    </ScreenLayout>
  );
}
