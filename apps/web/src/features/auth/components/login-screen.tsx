import Tabs from 'antd-mobile/es/components/tabs';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { ScreenLayout } from '../../../components/layout/screen-layout';
import { href } from '../../../config/route-paths';
import { session } from '../../../lib/session';
import { PasswordLoginForm } from './password-login-form';

/** Where to go after login: the remembered page, else where the learner came from, else home. */
function destinationAfterLogin(from: unknown): string {
  const lastUrl = session.takeLastUrl();
  if (lastUrl) return lastUrl;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith(href('login'))) return from;
  return href('homepage');
}

/**
 * /login (and /login/home until WeChat login exists). The tabs are laid out for the SMS
 * quick-login tab that comes with the account work; only finished tabs are shown.
 */
export default function LoginScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;

  return (
    <ScreenLayout title={t('auth.title')} back surface="white">
      <div className="px-4 pt-6">
        <h2 className="text-xl font-semibold text-ink">{t('auth.welcome')}</h2>
        <p className="mt-1 text-sm text-ink-muted">{t('auth.welcomeHint')}</p>
      </div>
      {/* The form brings its own padding. */}
      <Tabs defaultActiveKey="password" className="mt-3" style={{ '--content-padding': '0' } as CSSProperties}>
        <Tabs.Tab key="password" title={t('auth.tab.password')}>
          <PasswordLoginForm onSuccess={() => void navigate(destinationAfterLogin(from), { replace: true })} />
        </Tabs.Tab>
      </Tabs>
    </ScreenLayout>
  );
}
