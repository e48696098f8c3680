import { useTranslation } from '../../../lib/i18n';
import { Link } from '../../../components/ui/router-link';
import { AlertIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { accountLoginQuery, href } from '../../../config/route-paths';

/** The WeChat sign-in cannot go on (refused, expired, someone else's link): start again. */
export function OauthRestart({ title, description }: { title: string; description: string }) {
  const { t } = useTranslation();
  return (
    <StateMessage
      role="alert"
      icon={<AlertIcon />}
      title={title}
      description={description}
      action={
        <div className="flex flex-col items-center gap-3">
          <Link
            to={href('loginHome')}
            replace
            className="rounded-full bg-brand-strong px-6 py-2 text-sm font-medium text-on-brand active:opacity-80"
          >
            {t('auth.oauth.again')}
          </Link>
          <Link to={href('login', {}, accountLoginQuery)} replace className="text-sm text-brand-strong">
            {t('auth.oauth.otherWay')}
          </Link>
        </div>
      }
    />
  );
}
