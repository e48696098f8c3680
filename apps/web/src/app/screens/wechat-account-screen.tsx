import { WechatAccountView } from '../../features/auth/components/wechat-account-screen';
import { offersWechatLogin } from '../../features/auth/logic/wechat-login-offered';
import { useSystemConfigSnapshot } from '../use-system-config-snapshot';

/** /me/account/wechat: WeChat is bound where it is offered for logging in (docs/product.md#wechat). */
export default function WechatAccountRouteScreen() {
  return <WechatAccountView canBind={offersWechatLogin(useSystemConfigSnapshot())} />;
}
