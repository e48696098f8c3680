import { agreementCodes, type AgreementCode } from '@school/contract/enums';
import { useTranslation } from '../../../lib/i18n';
import { useNavigate } from 'react-router';
import { Link } from '../../../components/ui/router-link';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import {
  BookIcon,
  ChatIcon,
  ChevronRightIcon,
  DocumentIcon,
  InboxIcon,
  InfoIcon,
  LockIcon,
  LogOutIcon,
  MailIcon,
  PhoneIcon,
  ReceiptIcon,
  TicketIcon,
  UserIcon,
} from '../../../components/ui/icons';
import { StarIcon } from '../../../components/ui/star-icon';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { href } from '../../../config/route-paths';
import { confirmDialog } from '../../../lib/confirm-dialog';
import { useSessionUser } from '../../../lib/use-session-user';
import { AppearanceSettings } from './appearance-settings';
import { RowLink, SettingsSection } from './settings-list';
import { UserAvatar } from './user-avatar';

const agreementLabels: Record<AgreementCode, `me.agreement.${AgreementCode}`> = {
  terms: 'me.agreement.terms',
  privacy: 'me.agreement.privacy',
  about: 'me.agreement.about',
};

/** /me — the personal centre (docs/product.md#routes: anonymous visitors get a prompt to log in). */
export default function MeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();

  async function confirmSignOut() {
    const confirmed = await confirmDialog({
      title: t('me.signOut.title'),
      content: t('me.signOut.message'),
      confirmText: t('me.signOut.confirm'),
      cancelText: t('me.signOut.cancel'),
    });
    if (confirmed) void navigate(href('Logout'));
  }

  return (
    <ScreenLayout title={t('me.title')}>
      {user ? (
        <section aria-label={t('me.profileLabel')} className="bg-surface">
          <Link to={href('meProfile')} className="flex items-center gap-4 px-4 py-6 active:bg-canvas">
            <UserAvatar src={user.avatar} name={user.nickname || user.username} />
            <div className="min-w-0 flex-1">
              <h2 className="truncate text-lg font-semibold text-ink">{user.nickname || user.username}</h2>
              <p className="mt-0.5 truncate text-sm text-ink-muted">{t('me.username', { username: user.username })}</p>
            </div>
            <span className="flex shrink-0 items-center gap-0.5 text-xs text-ink-muted">
              {t('me.editProfile')}
              <ChevronRightIcon className="text-base text-ink-subtle" />
            </span>
          </Link>
        </section>
      ) : (
        <section aria-label={t('me.profileLabel')} className="flex items-center gap-4 bg-surface px-4 py-6">
          <span
            aria-hidden="true"
            className="flex size-16 shrink-0 items-center justify-center rounded-full bg-brand-soft text-3xl text-brand-strong"
          >
            <InfoIcon />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="text-base font-semibold text-ink">{t('me.guest.title')}</h2>
            <p className="mt-0.5 text-sm text-ink-muted">{t('me.guest.prompt')}</p>
          </div>
          <Link
            to={href('login')}
            state={{ from: href('me') }}
            className="shrink-0 rounded-full bg-brand-strong px-4 py-1.5 text-sm font-medium text-on-brand"
          >
            {t('me.guest.login')}
          </Link>
        </section>
      )}

      {user ? (
        <>
          <SettingsSection title={t('me.section.learning')}>
            <RowLink to={href('learning')} icon={<BookIcon />} label={t('me.link.learning')} />
            <RowLink to={href('orderList')} icon={<ReceiptIcon />} label={t('me.link.orders')} />
            <RowLink to={href('notifications')} icon={<InboxIcon />} label={t('me.link.notifications')} />
            <RowLink to={href('myNotes')} icon={<BookIcon />} label={t('me.link.notes')} />
            <RowLink to={href('myThreads')} icon={<ChatIcon />} label={t('me.link.threads')} />
            <RowLink to={href('myCoupons')} icon={<TicketIcon />} label={t('me.link.coupons')} />
            <RowLink to={href('myFavourites')} icon={<StarIcon />} label={t('me.link.favourites')} />
            <RowLink to={href('wrongAnswers')} icon={<DocumentIcon />} label={t('me.link.wrongAnswers')} />
          </SettingsSection>

          <SettingsSection title={t('me.section.account')} visibleTitle>
            <RowLink
              to={href('usernameEdit')}
              icon={<UserIcon />}
              label={t('me.account.username')}
              value={user.username}
            />
            <RowLink to={href('resetPassword')} icon={<LockIcon />} label={t('me.account.password')} />
            <RowLink
              to={href('mobileEdit')}
              icon={<PhoneIcon />}
              label={t('me.account.mobile')}
              value={user.phone ?? t('me.account.notBound')}
            />
            <RowLink
              to={href('wechatBind')}
              icon={<ChatIcon />}
              label={t('me.account.wechat')}
              value={user.wechatBound ? t('me.account.bound') : t('me.account.notBound')}
            />
            <RowLink
              to={href('emailEdit')}
              icon={<MailIcon />}
              label={t('me.account.email')}
              value={user.email ?? t('me.account.notBound')}
            />
          </SettingsSection>
        </>
      ) : null}

      <SettingsSection title={t('me.section.settings')}>
        <AppearanceSettings />
        <li>
          <LanguageSwitch />
        </li>
      </SettingsSection>

      <SettingsSection title={t('me.section.about')}>
        {agreementCodes.map((code) => (
          <RowLink
            key={code}
            to={href('meAgreement', { code })}
            icon={<DocumentIcon />}
            label={t(agreementLabels[code])}
          />
        ))}
      </SettingsSection>

      {user ? (
        <div className="mx-3 mt-6 mb-6">
          <button
            type="button"
            onClick={() => void confirmSignOut()}
            className="flex h-11 w-full items-center justify-center gap-2 rounded-card bg-surface text-sm font-medium text-danger shadow-card"
          >
            <LogOutIcon className="text-base" />
            {t('me.signOut.button')}
          </button>
        </div>
      ) : (
        <div className="h-6" />
      )}
    </ScreenLayout>
  );
}
