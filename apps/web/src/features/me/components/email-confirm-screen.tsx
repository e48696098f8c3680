import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { AlertIcon, MailIcon } from '../../../components/ui/icons';
import { Link } from '../../../components/ui/router-link';
import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';
import { StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { errorMessageId, isApiError } from '../../../lib/api-error';
import { translateIfKnown, useTranslation } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { postConfirmEmail } from '../api/email-binding';

type Outcome = { kind: 'pending' } | { kind: 'bound'; email: string } | { kind: 'failed'; text: string };

const actionClass =
  'inline-flex min-h-11 items-center rounded-full bg-brand-strong px-6 text-sm font-medium text-on-brand active:opacity-80';

/**
 * /me/account/email/confirm?token=…: the page the email's link opens. The token binds the
 * address, signed in here or not (the link may open in the mail app's browser); a used, replaced
 * or expired link says so, with the way to a new one.
 */
export default function EmailConfirmScreen() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const started = useRef(false);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });

  useEffect(() => {
    // One try per link: strict mode's second run must not spend it again.
    if (started.current) return;
    started.current = true;
    postConfirmEmail(search.get('token') ?? '').then(
      ({ email }) => {
        // The stored learner is this one: show the new address on Me at once.
        const user = session.user();
        if (user) session.saveUser({ ...user, email });
        setOutcome({ kind: 'bound', email });
      },
      (error: unknown) => {
        const id = isApiError(error)
          ? errorMessageId(error, (known) => translateIfKnown(known) !== undefined)
          : 'status.default';
        // A token that is no token at all reads as the link not being valid.
        const code = isApiError(error) && error.code === 'validationFailed' ? 'error.emailLinkInvalid' : id;
        setOutcome({ kind: 'failed', text: translateIfKnown(code) ?? t('status.default') });
      },
    );
  }, [search, t]);

  return (
    <ScreenLayout title={t('route.emailEdit')} back surface="white">
      {outcome.kind === 'pending' ? (
        <LoadingRegion>
          <div className="flex flex-col items-center px-6 py-16">
            <SkeletonBlock className="size-16 rounded-full" />
            <p className="mt-4 text-sm text-ink-muted">{t('me.email.confirming')}</p>
          </div>
        </LoadingRegion>
      ) : outcome.kind === 'bound' ? (
        <StateMessage
          role="status"
          icon={<MailIcon />}
          title={t('me.email.boundTitle')}
          description={t('me.email.boundText', { email: outcome.email })}
          action={
            <Link to={href('me')} replace className={actionClass}>
              {t('me.email.toMe')}
            </Link>
          }
        />
      ) : (
        <StateMessage
          role="alert"
          icon={<AlertIcon />}
          title={t('me.email.failedTitle')}
          description={outcome.text}
          action={
            <Link to={href('emailEdit')} replace className={actionClass}>
              {t('me.email.sendNew')}
            </Link>
          }
        />
      )}
    </ScreenLayout>
  );
}
