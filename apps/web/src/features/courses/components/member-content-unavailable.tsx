import { Link } from '../../../components/ui/router-link';
import { translateIfKnown, useTranslation } from '../../../lib/i18n';
import { DetailUnavailable } from '../../../components/catalogue/detail-unavailable';
import { LockIcon } from '../../../components/ui/icons';
import { StateMessage } from '../../../components/ui/state-message';
import { href } from '../../../config/route-paths';
import { isApiError } from '../../../lib/api-error';
import { actionLinkClass } from '../../../components/form/form-styles';

interface MemberContentUnavailableProps {
  /** The course the content belongs to (where joining or buying again happens). */
  uid: string;
  error: unknown;
  onRetry(): void;
  notFound: { title: string; description: string };
  /** The address cannot name the item (a malformed id). */
  missing?: boolean;
  notFoundTestId?: string;
}

/**
 * Why a member-only page (a question, a lecture) cannot be shown: not a member or no longer
 * one leads to the course, where joining or buying is; gone is a state of its own; anything
 * else can be tried again.
 */
export function MemberContentUnavailable({ uid, error, ...rest }: MemberContentUnavailableProps) {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : null;
  if (code === 'notCourseMember' || code === 'memberExpired') {
    return (
      <div data-testid="member-content-refused">
        <StateMessage
          icon={<LockIcon />}
          title={translateIfKnown(`error.${code}`) ?? t('courses.member.joinTitle')}
          description={t(code === 'memberExpired' ? 'courses.member.expiredHint' : 'courses.member.joinHint')}
          action={
            <Link to={href('courseDetail', { uid })} className={actionLinkClass}>
              {t('courses.comments.toCourse')}
            </Link>
          }
        />
      </div>
    );
  }
  return <DetailUnavailable error={error} describeError {...rest} />;
}
