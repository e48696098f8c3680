import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';

/** The shared 403 layout: what happened, what the learner can do about it. */
export function BlockedView({
  icon,
  title,
  description,
  hint,
}: {
  icon: ReactNode;
  title: string;
  description: string;
  hint: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return (
    <ScreenLayout title={t('blocked.heading')} surface="white">
      <div className="pt-8">
        <StateMessage
          icon={icon}
          title={title}
          description={description}
          action={
            <div className="flex flex-col items-center gap-4">
              <p className="max-w-[18rem] text-xs text-ink-muted">{hint}</p>
              {/* Goes through the access checks again with fresh shell data (the tab list that
                  failed with the 403 is not retried on its own): if access is back, the learner is in. */}
              <Link
                to={href('homepage')}
                replace
                onClick={() => void queryClient.resetQueries()}
                className="rounded-full border border-brand-strong px-6 py-2 text-sm font-medium text-brand-strong"
              >
                {t('blocked.tryAgain')}
              </Link>
            </div>
          }
        />
      </div>
    </ScreenLayout>
  );
}
