import { WechatAccountView } from '../../features/auth/components/wechat-account-screen';
import { offersWechatLogin } from '../../features/auth/logic/wechat-login-offered';
import { useSystemConfigSnapshot } from '../use-system-config-snapshot';

/*
 * The email and WeChat screens of Account and security, one lazy chunk for the three routes: each
 * lazy screen costs the first screens' entry a file name and a preload list (decision 017).
 */
export { default as EmailEditScreen } from '../../features/me/components/email-edit-screen';
export { default as EmailConfirmScreen } from '../../features/me/components/email-confirm-screen';

/** /me/account/wechat: WeChat is bound where it is offered for logging in (docs/product.md#wechat). */
export function WechatAccountScreen() {
  return <WechatAccountView canBind={offersWechatLogin(useSystemConfigSnapshot())} />;
}
