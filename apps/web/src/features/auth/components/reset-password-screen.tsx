import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { SectionTabs } from '../../../components/catalogue/section-tabs';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { ErrorState } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { useGoBack } from '../../../lib/use-go-back';
import { useSessionUser } from '../../../lib/use-session-user';
import { usePasswordStatus } from '../api/get-password-status';
import { ChangePasswordForm } from './change-password-form';
import { ResetPasswordByCodeForm } from './reset-password-form';

type Mode = 'current' | 'code';

function ChangeSkeleton() {
  return (
    <LoadingRegion>
      <div className="space-y-4 px-4 pt-5">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-1.5">
            <SkeletonBlock className="h-4 w-24" />
            <SkeletonBlock className="h-11 w-full rounded-lg" />
          </div>
        ))}
        <SkeletonBlock className="h-12 w-full rounded-full" />
      </div>
    </LoadingRegion>
  );
}

/**
 * /me/account/reset/password. Signed out, it is "forgot password": phone, SMS code, new
 * password. Signed in, the learner can also change it with the current password.
 */
export default function ResetPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();
  const [mode, setMode] = useState<Mode>('current');
  const status = usePasswordStatus(user !== null);

  // Every session of the account ends with a reset: log in again with the new password.
  const afterReset = () => void navigate(href('login'), { replace: true });
  const afterChange = useGoBack(href('me'));

  if (!user) {
    return (
      <ScreenLayout title={t('auth.reset.forgotTitle')} back surface="white">
        <p className="px-4 pt-5 text-sm text-ink-muted">{t('auth.reset.intro')}</p>
        <ResetPasswordByCodeForm onDone={afterReset} />
      </ScreenLayout>
    );
  }

  let current;
  if (status.data) current = <ChangePasswordForm hasPassword={status.data.hasPassword} onDone={afterChange} />;
  else if (status.isError) current = <ErrorState onRetry={() => void status.refetch()} />;
  else current = <ChangeSkeleton />;

  return (
    <ScreenLayout title={t('route.resetPassword')} back surface="white">
      <SectionTabs<Mode>
        label={t('route.resetPassword')}
        active={mode}
        sticky={false}
        onChange={setMode}
        tabs={[
          { key: 'current', label: t('auth.reset.tab.current'), render: () => current },
          {
            key: 'code',
            label: t('auth.reset.tab.code'),
            render: () => <ResetPasswordByCodeForm onDone={afterReset} />,
          },
        ]}
      />
    </ScreenLayout>
  );
}
