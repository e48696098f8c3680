import { useLocation, useSearchParams } from 'react-router';
import { accountLoginQuery, href } from '../../config/route-paths';
import { LoginView } from '../../features/auth/components/login-screen';
import { useSignedInAlready } from '../../features/auth/logic/login-destination';
import { offersWechatLogin } from '../../features/auth/logic/wechat-login-offered';
import { Redirect } from '../redirect';
import { useSystemConfigSnapshot } from '../use-system-config-snapshot';

const accountKey = Object.keys(accountLoginQuery)[0] ?? 'account';

/**
 * /login. Inside WeChat with the official-account login on, /login is loginHome (docs/product.md#wechat),
 * unless the learner chose the account login there; WeChat is then one of the other ways.
 */
export default function LoginRouteScreen() {
  const wechat = offersWechatLogin(useSystemConfigSnapshot());
  const location = useLocation();
  const [search] = useSearchParams();
  const signedIn = useSignedInAlready();

  if (signedIn) return <Redirect to={signedIn} replace />;
  if (wechat && !search.has(accountKey)) {
    return <Redirect to={href('loginHome')} replace state={location.state} />;
  }
  return <LoginView wechatLogin={wechat} />;
}
