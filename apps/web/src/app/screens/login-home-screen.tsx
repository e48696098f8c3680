import type { Tenant } from '@school/contract/shell';
import { useQuery } from '@tanstack/react-query';
import { LoginView } from '../../features/auth/components/login-screen';
import { tenantQueryOptions } from '../../features/shell/api/get-tenant';
import { WechatLoginHome } from '../../features/wechat/components/wechat-login-home';
import { useWechatOfficialLogin } from '../use-wechat-official-login';

/**
 * /login/home: WeChat login inside WeChat with the official-account login on; anywhere else
 * (and where the open-access gate sends anonymous learners) the account login.
 */
export default function LoginHomeRouteScreen() {
  const wechat = useWechatOfficialLogin();
  const tenant = useQuery({ ...tenantQueryOptions(), enabled: false });
  const school: Tenant | undefined = tenant.data?.status === 'RUNNING' ? tenant.data : undefined;
  return wechat ? <WechatLoginHome schoolName={school?.name ?? null} /> : <LoginView />;
}
