import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { href } from '../../../config/route-paths';
import { useLogout } from '../api/logout';

/** The Logout route (docs/product.md#routes): post logout, drop the stored user, go to the login page. */
export default function LogoutScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const logout = useLogout();
  const started = useRef(false);

  useEffect(() => {
    // Strict mode mounts twice in development; one sign-out is enough.
    if (started.current) return;
    started.current = true;
    logout.mutate(undefined, { onSettled: () => void navigate(href('login'), { replace: true }) });
  }, [logout, navigate]);

  return (
    <ScreenLayout title={t('auth.signingOut')}>
      <LoadingRegion>
        <div className="mx-auto mt-16 w-40 space-y-3">
          <SkeletonBlock className="mx-auto size-16 rounded-full" />
          <SkeletonBlock className="h-3 w-full" />
        </div>
      </LoadingRegion>
    </ScreenLayout>
  );
}
