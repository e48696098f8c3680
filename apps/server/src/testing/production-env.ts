import { generateKeyPairSync } from 'node:crypto';

/*
 * The environment of a real school's server, as an operator gives it: a real SMS provider and
 * payment gateway (their endpoints are never called by the tests that use this), no dev routes,
 * a long session secret and an https public URL.
 */
export function productionEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const merchant = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const platform = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    NODE_ENV: 'production',
    PUBLIC_URL: 'https://school.example',
    SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
    DEV_ROUTES: 'false',
    SMS_PROVIDER: 'aliyun',
    ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
    ALIYUN_SMS_ACCESS_KEY_SECRET: 'test-secret',
    ALIYUN_SMS_SIGN_NAME: '演示学校',
    ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100001',
    PAYMENT_PROVIDER: 'wechat',
    WECHATPAY_MCH_ID: '1900000109',
    WECHATPAY_APP_ID: 'wx0123456789abcdef',
    WECHATPAY_CERT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    WECHATPAY_PRIVATE_KEY: merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    WECHATPAY_API_V3_KEY: 'abcdefghijklmnopqrstuvwxyz012345',
    WECHATPAY_PLATFORM_PUBLIC_KEY: platform.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    WECHATPAY_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001012025010100000000000001',
    LOG_LEVEL: 'info',
    ...overrides,
  };
}
