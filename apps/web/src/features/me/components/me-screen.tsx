import { agreementCodes, type AgreementCode } from '@school/contract/enums';
import Dialog from 'antd-mobile/es/components/dialog';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import {
  BookIcon,
  ChevronRightIcon,
  DocumentIcon,
  InfoIcon,
  LogOutIcon,
  ReceiptIcon,
} from '../../../components/ui/icons';
import { LanguageSwitch } from '../../../components/ui/language-switch';
import { href } from '../../../config/route-paths';
import { ensureAntdRenderer } from '../../../lib/antd-renderer';
import { useSessionUser } from '../../../lib/use-session-user';
import { UserAvatar } from './user-avatar';

const agreementLabels: Record<AgreementCode, `me.agreement.${AgreementCode}`> = {
  terms: 'me.agreement.terms',
  privacy: 'me.agreement.privacy',
  about: 'me.agreement.about',
};

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mx-3 mt-3 overflow-hidden rounded-card bg-surface shadow-card">
      {children}
    </section>
  );
}

function RowLink({ to, icon, label, state }: { to: string; icon: ReactNode; label: string; state?: unknown }) {
  return (
    <li className="border-b border-line last:border-b-0">
      <Link to={to} state={state} className="flex items-center gap-3 px-4 py-3 text-sm text-ink active:bg-canvas">
        <span className="text-lg text-ink-muted">{icon}</span>
        <span className="flex-1">{label}</span>
        <ChevronRightIcon className="text-base text-ink-subtle" />
      </Link>
    </li>
  );
}

/** /me — the personal centre (spec §2, §6: anonymous visitors get a prompt to log in). */
export default function MeScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useSessionUser();

  async function confirmSignOut() {
    await ensureAntdRenderer();
    // antd passes aria-label through to role="dialog" but its types omit it; axe needs a name.
    const accessibleName = { 'aria-label': t('me.signOut.title') };
    const confirmed = await Dialog.confirm({
      ...accessibleName,
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
        <section aria-label={t('me.profileLabel')} className="flex items-center gap-4 bg-surface px-4 py-6">
          <UserAvatar src={user.avatar} name={user.nickname || user.username} />
          <div className="min-w-0">
            <h2 className="truncate text-lg font-semibold text-ink">{user.nickname || user.username}</h2>
            <p className="mt-0.5 truncate text-sm text-ink-muted">{t('me.username', { username: user.username })}</p>
          </div>
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
            className="shrink-0 rounded-full bg-brand-strong px-4 py-1.5 text-sm font-medium text-white"
          >
            {t('me.guest.login')}
          </Link>
        </section>
      )}

      {user ? (
        <Section title={t('me.section.learning')}>
          <ul>
            <RowLink to={href('learning')} icon={<BookIcon />} label={t('me.link.learning')} />
            <RowLink to={href('orderList')} icon={<ReceiptIcon />} label={t('me.link.orders')} />
          </ul>
        </Section>
      ) : null}

      <Section title={t('me.section.settings')}>
        <LanguageSwitch />
      </Section>

      <Section title={t('me.section.about')}>
        <ul>
          {agreementCodes.map((code) => (
            <RowLink
              key={code}
              to={href('meAgreement', { code })}
              icon={<DocumentIcon />}
              label={t(agreementLabels[code])}
            />
          ))}
        </ul>
      </Section>

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
      ) : null}
    </ScreenLayout>
  );
}
