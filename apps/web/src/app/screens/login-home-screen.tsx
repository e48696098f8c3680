import type { Tenant } from '@school/contract/shell';
import { useQuery } from '@tanstack/react-query';
import { LoginView } from '../../features/auth/components/login-screen';
import { WechatLoginHome } from '../../features/auth/components/wechat-login-home';
import { useSignedInAlready } from '../../features/auth/logic/login-destination';
import { offersWechatLogin } from '../../features/auth/logic/wechat-login-offered';
import { tenantQueryOptions } from '../../features/shell/api/get-tenant';
import { Redirect } from '../redirect';
import { useSystemConfigSnapshot } from '../use-system-config-snapshot';

/**
 * /login/home: WeChat login inside WeChat with the official-account login on; anywhere else
 * (and where the open-access gate sends anonymous learners) the account login.
 */
export default function LoginHomeRouteScreen() {
  const wechat = offersWechatLogin(useSystemConfigSnapshot());
  const tenant = useQuery({ ...tenantQueryOptions(), enabled: false });
  const school: Tenant | undefined = tenant.data?.status === 'RUNNING' ? tenant.data : undefined;
  const signedIn = useSignedInAlready();
  if (signedIn) return <Redirect to={signedIn} replace />;
  return wechat ? <WechatLoginHome schoolName={school?.name ?? null} /> : <LoginView />;
}
