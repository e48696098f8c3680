import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/*
 * The only module that reads process.env (house rule 5). Everything else receives a typed
 * Config; tests build one directly with `testConfig`-style objects.
 */

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

export const smsProviders = ['console', 'aliyun', 'tencent'] as const;
export type SmsProvider = (typeof smsProviders)[number];

export const captchaProviders = ['none', 'aliyun-afs'] as const;
export type CaptchaProvider = (typeof captchaProviders)[number];

export const paymentProviders = ['sandbox', 'wechat', 'alipay'] as const;
export type PaymentProvider = (typeof paymentProviders)[number];
/** The real gateways (the sandbox stands in for both and is never combined with them). */
export type RealPaymentProvider = Exclude<PaymentProvider, 'sandbox'>;

export const emailProviders = ['off', 'dev-outbox', 'smtp'] as const;
export type EmailProvider = (typeof emailProviders)[number];

export const mediaStorageKinds = ['local', 's3'] as const;
export type MediaStorageKind = (typeof mediaStorageKinds)[number];

export type DatabaseConfig =
  /** `dataDir` is a folder, or `memory://` for a throw-away database (tests). */
  { driver: 'pglite'; dataDir: string } | { driver: 'postgres'; url: string };

/** Aliyun SMS (dysmsapi SendSms); one template with a `${code}` parameter serves every purpose. */
export interface AliyunSmsConfig {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** Base URL of the API (tests point it at a fake on 127.0.0.1). */
  endpoint: string;
  regionId: string;
}

/** Tencent Cloud SMS (SendSms 2021-01-11); the template's first parameter is the code. */
export interface TencentSmsConfig {
  secretId: string;
  secretKey: string;
  sdkAppId: string;
  signName: string;
  templateId: string;
  region: string;
  endpoint: string;
}

export type CaptchaConfig =
  | { provider: 'none' }
  | {
      provider: 'aliyun-afs';
      accessKeyId: string;
      accessKeySecret: string;
      appKey: string;
      /** Used when the client's token names no scene. */
      scene: string | null;
      endpoint: string;
      regionId: string;
    };

/** An S3-compatible bucket for lesson media and lecture files (MEDIA_STORAGE=s3). */
export interface S3StorageConfig {
  /** Base URL of the S3 API, e.g. https://s3.ap-east-1.amazonaws.com or a MinIO / OSS endpoint. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `<endpoint>/<bucket>/<key>` instead of `<bucket>.<endpoint host>/<key>` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
}

/** The mail server that sends the email-binding links (EMAIL_PROVIDER=smtp). */
export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465); otherwise STARTTLS whenever the server offers it. */
  secure: boolean;
  /** Null: the server takes mail without a login (a relay on the same network). */
  user: string | null;
  password: string | null;
  /** The sender, e.g. `Demo School <no-reply@school.example>`. */
  from: string;
}

/** How the server sends mail: `off` (no email can be bound), the dev outbox, or SMTP. */
export type EmailConfig = { provider: 'off' } | { provider: 'dev-outbox' } | { provider: 'smtp'; smtp: SmtpConfig };

/** A WeChat official account (service account): OAuth login and the JS-SDK. */
export interface WechatConfig {
  appId: string;
  appSecret: string;
  apiBase: string;
}

/** WeChat Pay API v3 (a merchant account): JSAPI inside WeChat, H5 outside. */
export interface WechatPayConfig {
  /** 商户号. */
  mchId: string;
  /** The app id the merchant account is bound to (the official account's, for JSAPI). */
  appId: string;
  /** Serial number of the merchant API certificate: `serial_no` in our Authorization header. */
  certSerialNo: string;
  /** The merchant API private key (PKCS#8 PEM, checked at start-up) that signs our requests. */
  privateKey: string;
  /** The APIv3 key (32 bytes) that decrypts notifications. */
  apiV3Key: string;
  /** WeChat Pay's public key (SPKI PEM) that signs its answers and notifications. */
  platformPublicKey: string;
  /** Its id (`PUB_KEY_ID_…`), which WeChat Pay names in `Wechatpay-Serial`. */
  platformPublicKeyId: string;
  /** Base URL of the API (tests point it at a fake on 127.0.0.1). */
  apiBase: string;
}

/** Alipay open platform (an app): mobile web pay (alipay.trade.wap.pay). */
export interface AlipayConfig {
  appId: string;
  /** The app's private key (PKCS#8 PEM, checked at start-up) that signs our requests (RSA2). */
  privateKey: string;
  /** Alipay's public key (SPKI PEM) that signs its answers and notifications. */
  alipayPublicKey: string;
  /** The gateway.do URL (tests point it at a fake on 127.0.0.1). */
  gateway: string;
}

/**
 * How learners pay (decision record 013). `providers` is `['sandbox']` (the cashier of our own
 * server stands in for both WeChat Pay and Alipay) or the real gateways, each with its settings.
 */
export interface PaymentConfig {
  providers: readonly PaymentProvider[];
  wechatPay: WechatPayConfig | null;
  alipay: AlipayConfig | null;
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  database: DatabaseConfig;
  sessionSecret: string;
  smsProvider: SmsProvider;
  /** Set when smsProvider is 'aliyun'. */
  aliyunSms: AliyunSmsConfig | null;
  /** Set when smsProvider is 'tencent'. */
  tencentSms: TencentSmsConfig | null;
  captcha: CaptchaConfig;
  email: EmailConfig;
  /** Null when the server has no WeChat official account: the OAuth and JS-SDK calls answer 403. */
  wechat: WechatConfig | null;
  payment: PaymentConfig;
  /** Where lesson media and lecture files live: `local` is DATA_DIR/media. */
  mediaStorage: MediaStorageKind;
  /** Set when mediaStorage is 's3'. */
  s3Storage: S3StorageConfig | null;
  publicUrl: string;
  /** Cookies get `Secure` when the public URL is https. */
  secureCookies: boolean;
  webDistDir: string;
  devRoutes: boolean;
  logLevel: LogLevel;
  /**
   * Take the client IP and host from X-Forwarded-* sent by these proxies (addresses or CIDR
   * ranges: only the reverse proxy in front, e.g. nginx on 127.0.0.1), or from any (true).
   */
  trustProxy: boolean | string[];
  /** An event loop behind by more than this (ms, on average) answers 503 at once; 0: never. */
  maxEventLoopDelayMs: number;
  /** Seconds a visitor's public catalogue answer may be kept (HTTP max-age and in memory); 0: revalidated always. */
  publicCacheSeconds: number;
  /**
   * Seconds a process may keep a signed-in learner's session and own rows between requests,
   * dropped as soon as the database reports a change to them (lib/learner-cache.ts); 0: read every time.
   */
  learnerCacheSeconds: number;
  /**
   * The offline worker (issue 27). false answers the worker's address with one that removes
   * itself and every cache it made, reaching each phone at its next visit: the kill switch for a
   * worker bug.
   */
  offlineApp: boolean;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

// A fixed secret keeps development cookies valid across restarts; production must give its own.
const devSessionSecret = 'dev-only-session-secret-do-not-use-in-production';

// apps/server/{src,dist}/config → apps/web/dist, whether running from sources or the build.
const defaultWebDistDir = fileURLToPath(new URL('../../../web/dist', import.meta.url));

const booleanSetting = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'], {
    error: 'must be true or false',
  })
  .transform((v) => v === 'true' || v === '1' || v === 'yes' || v === 'on');

/** true or false, or the proxies trusted to say who the client is: addresses or CIDR ranges, comma-separated. */
const trustProxySetting = z.string().transform((value, ctx): boolean | string[] => {
  const flag = booleanSetting.safeParse(value.trim());
  if (flag.success) return flag.data;
  const proxies = value.split(',').map((part) => part.trim());
  const isAddressOrRange = (part: string) => {
    const [address = '', bits, ...rest] = part.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return false;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128));
  };
  if (proxies.every(isAddressOrRange)) return proxies;
  ctx.addIssue({
    code: 'custom',
    message: 'must be true, false, or the proxies’ addresses (IP or CIDR), comma-separated',
  });
  return z.NEVER;
});

/** A whole number of seconds from 0 to `max`. */
const secondsSetting = (max: number) => {
  const error = `must be a number of seconds (0–${max})`;
  return z
    .string()
    .regex(/^\d{1,6}$/, { error })
    .transform(Number)
    .refine((n) => n <= max, { error });
};

const nonEmpty = (name: string) =>
  z
    .string()
    .trim()
    .min(1, { error: `${name} must not be empty` });

const httpUrl = (example: string) =>
  z
    .url({ protocol: /^https?$/, error: `must be an http(s) URL such as ${example}` })
    .transform((v) => v.replace(/\/+$/, ''));

// Keys arrive as PEM text, often squeezed onto one line with `\n` escapes (a .env file, a
// container setting), or as the bare base64 DER that Alipay's key tool shows. Each is parsed
// here so a bad key stops the server at start-up, and handed on as one normal PEM form.
const pemText = (value: string) => value.trim().replace(/\\n/g, '\n');

function parseKey(value: string, kind: 'private' | 'public'): KeyObject {
  const text = pemText(value);
  if (text.startsWith('-----BEGIN')) return kind === 'private' ? createPrivateKey(text) : createPublicKey(text);
  const der = Buffer.from(text.replace(/\s+/g, ''), 'base64');
  const attempts =
    kind === 'private'
      ? [
          () => createPrivateKey({ key: der, format: 'der', type: 'pkcs8' }),
          () => createPrivateKey({ key: der, format: 'der', type: 'pkcs1' }),
        ]
      : [
          () => createPublicKey({ key: der, format: 'der', type: 'spki' }),
          () => createPublicKey({ key: der, format: 'der', type: 'pkcs1' }),
        ];
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch {
      // not this encoding; try the next
    }
  }
  throw new Error('not a key');
}

const rsaKeySetting = (kind: 'private' | 'public', { bareBase64 }: { bareBase64: boolean }) =>
  z.string().transform((value, ctx) => {
    const expected =
      kind === 'private'
        ? `must be an RSA private key in PEM${bareBase64 ? ' (or the bare base64 PKCS#1/PKCS#8 key)' : ''}`
        : `must be an RSA public key in PEM${bareBase64 ? ' (or the bare base64 key)' : ''}`;
    let key: KeyObject;
    try {
      if (!bareBase64 && !pemText(value).startsWith('-----BEGIN')) throw new Error('not PEM');
      key = parseKey(value, kind);
    } catch {
      ctx.addIssue({ code: 'custom', message: expected });
      return z.NEVER;
    }
    if (key.asymmetricKeyType !== 'rsa') {
      ctx.addIssue({ code: 'custom', message: `${expected}, not ${key.asymmetricKeyType ?? 'another kind'}` });
      return z.NEVER;
    }
    return kind === 'private'
      ? key.export({ format: 'pem', type: 'pkcs8' }).toString()
      : key.export({ format: 'pem', type: 'spki' }).toString();
  });

const envSchema = z.object({
  NODE_ENV: z
    .enum(['development', 'production', 'test'], { error: 'must be development, production or test' })
    .default('development'),
  PORT: z
    .string()
    .regex(/^\d+$/, { error: 'must be a port number (1–65535)' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, { error: 'must be a port number (1–65535)' })
    .default(8080),
  HOST: nonEmpty('HOST').default('127.0.0.1'),
  DATA_DIR: nonEmpty('DATA_DIR').default('./data'),
  DATABASE_URL: z
    .string()
    .trim()
    .refine((v) => v === '' || v === 'memory://' || /^postgres(ql)?:\/\/.+/.test(v), {
      error: 'must be a postgres:// URL (or empty for the embedded database)',
    })
    .optional(),
  SESSION_SECRET: z.string().min(32, { error: 'must be at least 32 characters' }).optional(),
  SMS_PROVIDER: z.enum(smsProviders, { error: `must be one of ${smsProviders.join(', ')}` }).default('console'),
  ALIYUN_SMS_ACCESS_KEY_ID: nonEmpty('ALIYUN_SMS_ACCESS_KEY_ID').optional(),
  ALIYUN_SMS_ACCESS_KEY_SECRET: nonEmpty('ALIYUN_SMS_ACCESS_KEY_SECRET').optional(),
  ALIYUN_SMS_SIGN_NAME: nonEmpty('ALIYUN_SMS_SIGN_NAME').optional(),
  ALIYUN_SMS_TEMPLATE_CODE: nonEmpty('ALIYUN_SMS_TEMPLATE_CODE').optional(),
  ALIYUN_SMS_ENDPOINT: httpUrl('https://dysmsapi.aliyuncs.com').default('https://dysmsapi.aliyuncs.com'),
  ALIYUN_SMS_REGION: nonEmpty('ALIYUN_SMS_REGION').default('cn-hangzhou'),
  TENCENT_SMS_SECRET_ID: nonEmpty('TENCENT_SMS_SECRET_ID').optional(),
  TENCENT_SMS_SECRET_KEY: nonEmpty('TENCENT_SMS_SECRET_KEY').optional(),
  TENCENT_SMS_SDK_APP_ID: nonEmpty('TENCENT_SMS_SDK_APP_ID').optional(),
  TENCENT_SMS_SIGN_NAME: nonEmpty('TENCENT_SMS_SIGN_NAME').optional(),
  TENCENT_SMS_TEMPLATE_ID: nonEmpty('TENCENT_SMS_TEMPLATE_ID').optional(),
  TENCENT_SMS_REGION: nonEmpty('TENCENT_SMS_REGION').default('ap-guangzhou'),
  TENCENT_SMS_ENDPOINT: httpUrl('https://sms.tencentcloudapi.com').default('https://sms.tencentcloudapi.com'),
  CAPTCHA_PROVIDER: z
    .enum(captchaProviders, { error: `must be one of ${captchaProviders.join(', ')}` })
    .default('none'),
  ALIYUN_AFS_ACCESS_KEY_ID: nonEmpty('ALIYUN_AFS_ACCESS_KEY_ID').optional(),
  ALIYUN_AFS_ACCESS_KEY_SECRET: nonEmpty('ALIYUN_AFS_ACCESS_KEY_SECRET').optional(),
  ALIYUN_AFS_APP_KEY: nonEmpty('ALIYUN_AFS_APP_KEY').optional(),
  ALIYUN_AFS_SCENE: nonEmpty('ALIYUN_AFS_SCENE').optional(),
  ALIYUN_AFS_ENDPOINT: httpUrl('https://afs.aliyuncs.com').default('https://afs.aliyuncs.com'),
  ALIYUN_AFS_REGION: nonEmpty('ALIYUN_AFS_REGION').default('cn-hangzhou'),
  // Unset: the dev outbox outside production, off in production (a school turns SMTP on).
  EMAIL_PROVIDER: z.enum(emailProviders, { error: `must be one of ${emailProviders.join(', ')}` }).optional(),
  SMTP_HOST: nonEmpty('SMTP_HOST').optional(),
  SMTP_PORT: z
    .string()
    .regex(/^\d+$/, { error: 'must be a port number (1–65535)' })
    .transform(Number)
    .refine((n) => n >= 1 && n <= 65535, { error: 'must be a port number (1–65535)' })
    .optional(),
  SMTP_SECURE: booleanSetting.default(false),
  SMTP_USER: nonEmpty('SMTP_USER').optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z
    .string()
    .trim()
    .regex(/^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
      error: 'must be an address, or a name and <address>, such as School <no-reply@school.example>',
    })
    .optional(),
  WECHAT_APP_ID: nonEmpty('WECHAT_APP_ID').optional(),
  WECHAT_APP_SECRET: nonEmpty('WECHAT_APP_SECRET').optional(),
  WECHAT_API_BASE: httpUrl('https://api.weixin.qq.com').default('https://api.weixin.qq.com'),
  // `sandbox`, or one or both real gateways separated by a comma: `wechat,alipay`.
  PAYMENT_PROVIDER: z
    .string()
    .trim()
    .default('sandbox')
    .transform((value) => [...new Set(value.split(',').map((name) => name.trim()))])
    .pipe(
      z
        .array(z.enum(paymentProviders, { error: `must be sandbox, or wechat and/or alipay separated by a comma` }))
        .refine((names) => !names.includes('sandbox') || names.length === 1, {
          error: 'sandbox cannot be combined with a real gateway',
        }),
    ),
  WECHATPAY_MCH_ID: z.string().trim().regex(/^\d+$/, { error: 'must be the merchant id (digits)' }).optional(),
  WECHATPAY_APP_ID: nonEmpty('WECHATPAY_APP_ID').optional(),
  WECHATPAY_CERT_SERIAL_NO: z
    .string()
    .trim()
    .regex(/^[0-9A-Fa-f]+$/, { error: 'must be the merchant API certificate’s serial number (hex)' })
    .optional(),
  WECHATPAY_PRIVATE_KEY: rsaKeySetting('private', { bareBase64: false }).optional(),
  WECHATPAY_API_V3_KEY: z
    .string()
    .refine((v) => Buffer.byteLength(v, 'utf8') === 32, { error: 'must be exactly 32 bytes (the APIv3 key)' })
    .optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY: rsaKeySetting('public', { bareBase64: false }).optional(),
  WECHATPAY_PLATFORM_PUBLIC_KEY_ID: nonEmpty('WECHATPAY_PLATFORM_PUBLIC_KEY_ID').optional(),
  WECHATPAY_API_BASE: httpUrl('https://api.mch.weixin.qq.com').default('https://api.mch.weixin.qq.com'),
  ALIPAY_APP_ID: z.string().trim().regex(/^\d+$/, { error: 'must be the Alipay app id (digits)' }).optional(),
  ALIPAY_PRIVATE_KEY: rsaKeySetting('private', { bareBase64: true }).optional(),
  ALIPAY_PUBLIC_KEY: rsaKeySetting('public', { bareBase64: true }).optional(),
  ALIPAY_GATEWAY: httpUrl('https://openapi.alipay.com/gateway.do').default('https://openapi.alipay.com/gateway.do'),
  MEDIA_STORAGE: z
    .enum(mediaStorageKinds, { error: `must be one of ${mediaStorageKinds.join(', ')}` })
    .default('local'),
  S3_ENDPOINT: httpUrl('https://s3.ap-east-1.amazonaws.com').optional(),
  S3_REGION: nonEmpty('S3_REGION').default('us-east-1'),
  // S3's bucket naming rules: 3–63 lowercase letters, digits, dots and hyphens, a letter or digit at both ends.
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      error: 'must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens',
    })
    .optional(),
  S3_ACCESS_KEY_ID: nonEmpty('S3_ACCESS_KEY_ID').optional(),
  S3_SECRET_ACCESS_KEY: nonEmpty('S3_SECRET_ACCESS_KEY').optional(),
  S3_FORCE_PATH_STYLE: booleanSetting.default(false),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://school.example.com' })
    .optional(),
  WEB_DIST_DIR: nonEmpty('WEB_DIST_DIR').optional(),
  DEV_ROUTES: booleanSetting.optional(),
  OFFLINE_APP: booleanSetting.default(true),
  LOG_LEVEL: z.enum(logLevels, { error: `must be one of ${logLevels.join(', ')}` }).default('info'),
  TRUST_PROXY: trustProxySetting.default(false),
  MAX_EVENT_LOOP_DELAY_MS: z
    .string()
    .regex(/^\d{1,5}$/, { error: 'must be a number of milliseconds (0 turns the check off)' })
    .transform(Number)
    .default(1000),
  PUBLIC_CACHE_SECONDS: secondsSetting(3600).default(10),
  LEARNER_CACHE_SECONDS: secondsSetting(600).default(60),
});

type EnvInput = Record<string, string | undefined>;

// Settings whose value must never be echoed in a start-up error: it may be a secret, or (a
// database URL) carry one. The problem is still named; only the value is left out.
const secretSetting = /SECRET|KEY|TOKEN|PASSWORD|TICKET|DATABASE_URL/;

/**
 * Validates the environment and returns the typed configuration. Throws a ConfigError that
 * names each bad setting; in production it also refuses the development conveniences.
 */
export function loadConfig(env: EnvInput = process.env, cwd: string = process.cwd()): Config {
  // Treat empty strings as unset so `PORT=` in a shell or .env file means "use the default".
  const input = Object.fromEntries(
    Object.keys(envSchema.shape).map((key) => [key, env[key] === '' ? undefined : env[key]]),
  );
  const parsed = envSchema.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const given = input[name];
        const echo = given === undefined || secretSetting.test(name) ? '' : ` (got "${given}")`;
        return `${name}: ${issue.message}${echo}`;
      }),
    );
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const devRoutes = e.DEV_ROUTES ?? !production;

  // Settings that become required together with a provider choice.
  const missing: string[] = [];
  const need = <K extends keyof typeof e>(key: K, because: string): NonNullable<(typeof e)[K]> => {
    const value = e[key];
    if (value === undefined) missing.push(`${String(key)}: required with ${because}`);
    return value as NonNullable<(typeof e)[K]>;
  };
  const aliyunSms: AliyunSmsConfig | null =
    e.SMS_PROVIDER === 'aliyun'
      ? {
          accessKeyId: need('ALIYUN_SMS_ACCESS_KEY_ID', 'SMS_PROVIDER=aliyun'),
          accessKeySecret: need('ALIYUN_SMS_ACCESS_KEY_SECRET', 'SMS_PROVIDER=aliyun'),
          signName: need('ALIYUN_SMS_SIGN_NAME', 'SMS_PROVIDER=aliyun'),
          templateCode: need('ALIYUN_SMS_TEMPLATE_CODE', 'SMS_PROVIDER=aliyun'),
          endpoint: e.ALIYUN_SMS_ENDPOINT,
          regionId: e.ALIYUN_SMS_REGION,
        }
      : null;
  const tencentSms: TencentSmsConfig | null =
    e.SMS_PROVIDER === 'tencent'
      ? {
          secretId: need('TENCENT_SMS_SECRET_ID', 'SMS_PROVIDER=tencent'),
          secretKey: need('TENCENT_SMS_SECRET_KEY', 'SMS_PROVIDER=tencent'),
          sdkAppId: need('TENCENT_SMS_SDK_APP_ID', 'SMS_PROVIDER=tencent'),
          signName: need('TENCENT_SMS_SIGN_NAME', 'SMS_PROVIDER=tencent'),
          templateId: need('TENCENT_SMS_TEMPLATE_ID', 'SMS_PROVIDER=tencent'),
          region: e.TENCENT_SMS_REGION,
          endpoint: e.TENCENT_SMS_ENDPOINT,
        }
      : null;
  const captcha: CaptchaConfig =
    e.CAPTCHA_PROVIDER === 'aliyun-afs'
      ? {
          provider: 'aliyun-afs',
          accessKeyId: need('ALIYUN_AFS_ACCESS_KEY_ID', 'CAPTCHA_PROVIDER=aliyun-afs'),
          accessKeySecret: need('ALIYUN_AFS_ACCESS_KEY_SECRET', 'CAPTCHA_PROVIDER=aliyun-afs'),
          appKey: need('ALIYUN_AFS_APP_KEY', 'CAPTCHA_PROVIDER=aliyun-afs'),
          scene: e.ALIYUN_AFS_SCENE ?? null,
          endpoint: e.ALIYUN_AFS_ENDPOINT,
          regionId: e.ALIYUN_AFS_REGION,
        }
      : { provider: 'none' };
  const emailProvider: EmailProvider = e.EMAIL_PROVIDER ?? (production ? 'off' : 'dev-outbox');
  if (emailProvider === 'smtp' && e.SMTP_PASSWORD !== undefined && e.SMTP_USER === undefined) {
    missing.push('SMTP_USER: required with SMTP_PASSWORD');
  }
  const email: EmailConfig =
    emailProvider === 'smtp'
      ? {
          provider: 'smtp',
          smtp: {
            host: need('SMTP_HOST', 'EMAIL_PROVIDER=smtp'),
            port: e.SMTP_PORT ?? (e.SMTP_SECURE ? 465 : 587),
            secure: e.SMTP_SECURE,
            user: e.SMTP_USER ?? null,
            password: e.SMTP_USER === undefined ? null : need('SMTP_PASSWORD', 'SMTP_USER'),
            from: need('SMTP_FROM', 'EMAIL_PROVIDER=smtp'),
          },
        }
      : { provider: emailProvider };
  let wechat: WechatConfig | null = null;
  if (e.WECHAT_APP_ID !== undefined || e.WECHAT_APP_SECRET !== undefined) {
    wechat = {
      appId: need('WECHAT_APP_ID', 'WECHAT_APP_SECRET'),
      appSecret: need('WECHAT_APP_SECRET', 'WECHAT_APP_ID'),
      apiBase: e.WECHAT_API_BASE,
    };
  }
  const wechatPay: WechatPayConfig | null = e.PAYMENT_PROVIDER.includes('wechat')
    ? {
        mchId: need('WECHATPAY_MCH_ID', 'PAYMENT_PROVIDER=wechat'),
        // The merchant account is usually bound to the official account learners log in with.
        appId: e.WECHATPAY_APP_ID ?? e.WECHAT_APP_ID ?? need('WECHATPAY_APP_ID', 'PAYMENT_PROVIDER=wechat'),
        certSerialNo: need('WECHATPAY_CERT_SERIAL_NO', 'PAYMENT_PROVIDER=wechat'),
        privateKey: need('WECHATPAY_PRIVATE_KEY', 'PAYMENT_PROVIDER=wechat'),
        apiV3Key: need('WECHATPAY_API_V3_KEY', 'PAYMENT_PROVIDER=wechat'),
        platformPublicKey: need('WECHATPAY_PLATFORM_PUBLIC_KEY', 'PAYMENT_PROVIDER=wechat'),
        platformPublicKeyId: need('WECHATPAY_PLATFORM_PUBLIC_KEY_ID', 'PAYMENT_PROVIDER=wechat'),
        apiBase: e.WECHATPAY_API_BASE,
      }
    : null;
  const alipay: AlipayConfig | null = e.PAYMENT_PROVIDER.includes('alipay')
    ? {
        appId: need('ALIPAY_APP_ID', 'PAYMENT_PROVIDER=alipay'),
        privateKey: need('ALIPAY_PRIVATE_KEY', 'PAYMENT_PROVIDER=alipay'),
        alipayPublicKey: need('ALIPAY_PUBLIC_KEY', 'PAYMENT_PROVIDER=alipay'),
        gateway: e.ALIPAY_GATEWAY,
      }
    : null;
  const s3Storage: S3StorageConfig | null =
    e.MEDIA_STORAGE === 's3'
      ? {
          endpoint: need('S3_ENDPOINT', 'MEDIA_STORAGE=s3'),
          region: e.S3_REGION,
          bucket: need('S3_BUCKET', 'MEDIA_STORAGE=s3'),
          accessKeyId: need('S3_ACCESS_KEY_ID', 'MEDIA_STORAGE=s3'),
          secretAccessKey: need('S3_SECRET_ACCESS_KEY', 'MEDIA_STORAGE=s3'),
          forcePathStyle: e.S3_FORCE_PATH_STYLE,
        }
      : null;
  if (missing.length > 0) throw new ConfigError(missing);

  if (production) {
    const refusals: string[] = [];
    if (e.SMS_PROVIDER === 'console') {
      refusals.push('SMS_PROVIDER: the console provider only prints codes; set SMS_PROVIDER=aliyun or tencent');
    }
    if (emailProvider === 'dev-outbox') {
      refusals.push(
        'EMAIL_PROVIDER: the dev outbox sends no mail; set EMAIL_PROVIDER=smtp with SMTP_HOST and SMTP_FROM, or off',
      );
    }
    if (e.PAYMENT_PROVIDER.includes('sandbox')) {
      refusals.push('PAYMENT_PROVIDER: the sandbox takes no real money; set PAYMENT_PROVIDER=wechat or alipay');
    }
    if (devRoutes) refusals.push('DEV_ROUTES: development routes must be off; set DEV_ROUTES=false');
    if (e.SESSION_SECRET === undefined) {
      refusals.push('SESSION_SECRET: missing; set SESSION_SECRET to a random string of at least 32 characters');
    }
    // Secure cookies, HSTS and the origin check's scheme follow from it (behind a TLS proxy the
    // socket says http).
    if (e.PUBLIC_URL === undefined) {
      refusals.push("PUBLIC_URL: missing; set PUBLIC_URL to the school's address, such as https://school.example.com");
    }
    if (refusals.length > 0) {
      throw new ConfigError(refusals.map((r) => `NODE_ENV=production refuses ${r}`));
    }
  }

  const dataDir = path.resolve(cwd, e.DATA_DIR);
  const databaseUrl = e.DATABASE_URL ?? '';
  const database: DatabaseConfig = /^postgres(ql)?:\/\//.test(databaseUrl)
    ? { driver: 'postgres', url: databaseUrl }
    : { driver: 'pglite', dataDir: databaseUrl === 'memory://' ? 'memory://' : path.join(dataDir, 'pglite') };
  const publicUrl = e.PUBLIC_URL ?? `http://${e.HOST}:${e.PORT}`;

  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir,
    database,
    sessionSecret: e.SESSION_SECRET ?? devSessionSecret,
    smsProvider: e.SMS_PROVIDER,
    aliyunSms,
    tencentSms,
    captcha,
    email,
    wechat,
    payment: {
      providers: e.PAYMENT_PROVIDER,
      wechatPay,
      alipay,
    },
    mediaStorage: e.MEDIA_STORAGE,
    s3Storage,
    publicUrl,
    secureCookies: publicUrl.startsWith('https:'),
    webDistDir: e.WEB_DIST_DIR ? path.resolve(cwd, e.WEB_DIST_DIR) : defaultWebDistDir,
    devRoutes,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    maxEventLoopDelayMs: e.MAX_EVENT_LOOP_DELAY_MS,
    publicCacheSeconds: e.PUBLIC_CACHE_SECONDS,
    learnerCacheSeconds: e.LEARNER_CACHE_SECONDS,
    offlineApp: e.OFFLINE_APP,
  };
}

/**
 * The development conveniences this configuration turns on, one phrase each, for the one
 * start-up line that says so (production refuses all of them).
 */
export function devConveniencesOf(config: Config): string[] {
  const on: string[] = [];
  if (config.devRoutes) on.push('DEV_ROUTES (test helpers under /api/dev/)');
  if (config.smsProvider === 'console') on.push('SMS_PROVIDER=console (codes printed to this log)');
  if (config.email.provider === 'dev-outbox') on.push('EMAIL_PROVIDER=dev-outbox (mail kept for /api/dev/mail/latest)');
  if (config.payment.providers.includes('sandbox')) on.push('PAYMENT_PROVIDER=sandbox (no real money)');
  if (config.sessionSecret === devSessionSecret) on.push('SESSION_SECRET unset (a fixed development secret)');
  return on;
}

/** Settings of the test suite itself (not of the server): read here to keep process.env in one module. */
export function loadTestSettings(env: EnvInput = process.env): { testDatabaseUrl: string | null } {
  const url = env.TEST_DATABASE_URL?.trim();
  if (!url) return { testDatabaseUrl: null };
  if (!/^postgres(ql)?:\/\/.+/.test(url)) {
    throw new ConfigError([`TEST_DATABASE_URL: must be a postgres:// URL (got "${url}")`]);
  }
  return { testDatabaseUrl: url };
}
