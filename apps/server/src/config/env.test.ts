import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, devConveniencesOf, loadConfig, loadTestSettings } from './env.js';

const cwd = path.resolve('/srv/school');

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, cwd);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error('expected loadConfig to throw');
}

const aliyunSms = {
  ALIYUN_SMS_ACCESS_KEY_ID: 'LTAI-test',
  ALIYUN_SMS_ACCESS_KEY_SECRET: 'test-secret',
  ALIYUN_SMS_SIGN_NAME: '演示学校',
  ALIYUN_SMS_TEMPLATE_CODE: 'SMS_100001',
};

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchantKey = rsa();
const platformKey = rsa();
const pkcs8Pem = (key: ReturnType<typeof rsa>) => key.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const spkiPem = (key: ReturnType<typeof rsa>) => key.publicKey.export({ type: 'spki', format: 'pem' }).toString();

const wechatPay = {
  WECHATPAY_MCH_ID: '1900000109',
  WECHATPAY_APP_ID: 'wx0123456789abcdef',
  WECHATPAY_CERT_SERIAL_NO: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
  // On one line with `\n` escapes, as a container setting or .env file carries it.
  WECHATPAY_PRIVATE_KEY: pkcs8Pem(merchantKey).trim().replaceAll('\n', '\\n'),
  WECHATPAY_API_V3_KEY: 'abcdefghijklmnopqrstuvwxyz012345',
  WECHATPAY_PLATFORM_PUBLIC_KEY: spkiPem(platformKey),
  WECHATPAY_PLATFORM_PUBLIC_KEY_ID: 'PUB_KEY_ID_0119000001012025010100000000000001',
};

const appKey = rsa();
const alipayKey = rsa();
// Alipay's key tool shows bare base64: the app key as PKCS#1 (or PKCS#8), Alipay's key as SPKI.
const alipay = {
  ALIPAY_APP_ID: '2021000122671080',
  ALIPAY_PRIVATE_KEY: appKey.privateKey.export({ type: 'pkcs1', format: 'der' }).toString('base64'),
  ALIPAY_PUBLIC_KEY: alipayKey.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
};

const productionReady = {
  NODE_ENV: 'production',
  SMS_PROVIDER: 'aliyun',
  ...aliyunSms,
  PAYMENT_PROVIDER: 'wechat',
  ...wechatPay,
  DEV_ROUTES: 'false',
  SESSION_SECRET: 'a-production-secret-of-at-least-32-chars',
  PUBLIC_URL: 'https://school.example.com',
};

describe('loadConfig', () => {
  it('gives every setting a working default for development', () => {
    const config = loadConfig({}, cwd);
    expect(config).toMatchObject({
      nodeEnv: 'development',
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.join(cwd, 'data'),
      database: { driver: 'pglite', dataDir: path.join(cwd, 'data', 'pglite') },
      smsProvider: 'console',
      aliyunSms: null,
      tencentSms: null,
      captcha: { provider: 'none' },
      email: { provider: 'dev-outbox' },
      wechat: null,
      payment: { providers: ['sandbox'], wechatPay: null, alipay: null },
      mediaStorage: 'local',
      s3Storage: null,
      publicUrl: 'http://127.0.0.1:8080',
      secureCookies: false,
      devRoutes: true,
      logLevel: 'info',
      trustProxy: false,
      maxEventLoopDelayMs: 1000,
    });
    expect(config.sessionSecret.length).toBeGreaterThanOrEqual(32);
    // The web build beside this package, wherever the repository lives.
    expect(config.webDistDir.endsWith(path.join('apps', 'web', 'dist'))).toBe(true);
  });

  it('trusts only the proxies named in TRUST_PROXY, and refuses anything else', () => {
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1' }, cwd).trustProxy).toEqual(['127.0.0.1']);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, ::1' }, cwd).trustProxy).toEqual(['10.0.0.0/8', '::1']);
    expect(loadConfig({ TRUST_PROXY: 'true' }, cwd).trustProxy).toBe(true);
    for (const bad of ['nginx', '10.0.0.0/33', '127.0.0.1/8/8', '127.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }, cwd), bad).toThrow(
        /TRUST_PROXY: must be true, false, or the proxies/,
      );
    }
    expect(() => loadConfig({ MAX_EVENT_LOOP_DELAY_MS: 'soon' }, cwd)).toThrow(/MAX_EVENT_LOOP_DELAY_MS/);
    expect(loadConfig({ MAX_EVENT_LOOP_DELAY_MS: '0' }, cwd).maxEventLoopDelayMs).toBe(0);
  });

  it('switches to PostgreSQL for a postgres:// DATABASE_URL', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u@db.example:5432/school' }, cwd);
    expect(config.database).toEqual({ driver: 'postgres', url: 'postgres://u@db.example:5432/school' });
  });

  it('resolves DATA_DIR and WEB_DIST_DIR from the working directory', () => {
    const config = loadConfig({ DATA_DIR: 'var/db', WEB_DIST_DIR: 'web' }, cwd);
    expect(config.dataDir).toBe(path.join(cwd, 'var', 'db'));
    expect(config.webDistDir).toBe(path.join(cwd, 'web'));
  });

  it('marks cookies Secure when the public URL is https', () => {
    expect(loadConfig({ PUBLIC_URL: 'https://school.example.com' }, cwd).secureCookies).toBe(true);
  });

  it("keeps visitors' public answers 10 seconds by default; 0 turns that off", () => {
    expect(loadConfig({}, cwd).publicCacheSeconds).toBe(10);
    expect(loadConfig({ PUBLIC_CACHE_SECONDS: '0' }, cwd).publicCacheSeconds).toBe(0);
    expect(loadConfig({ PUBLIC_CACHE_SECONDS: '60' }, cwd).publicCacheSeconds).toBe(60);
  });

  it("keeps a signed-in learner's session and own rows 60 seconds by default; 0 turns that off", () => {
    expect(loadConfig({}, cwd).learnerCacheSeconds).toBe(60);
    expect(loadConfig({ LEARNER_CACHE_SECONDS: '0' }, cwd).learnerCacheSeconds).toBe(0);
    expect(loadConfig({ LEARNER_CACHE_SECONDS: '600' }, cwd).learnerCacheSeconds).toBe(600);
  });

  it('treats an empty value as unset', () => {
    expect(loadConfig({ PORT: '' }, cwd).port).toBe(8080);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['SMS_PROVIDER', 'carrier-pigeon'],
    ['PAYMENT_PROVIDER', 'cash'],
    ['PUBLIC_URL', 'not a url'],
    ['DEV_ROUTES', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['PUBLIC_CACHE_SECONDS', '-1'],
    ['PUBLIC_CACHE_SECONDS', '3601'],
    ['LEARNER_CACHE_SECONDS', '-1'],
    ['LEARNER_CACHE_SECONDS', '601'],
    ['SESSION_SECRET', 'short'],
  ])('refuses %s=%s with a message naming the setting', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}: `));
  });

  it('accepts a complete production configuration', () => {
    const config = loadConfig(productionReady, cwd);
    expect(config.devRoutes).toBe(false);
    expect(config.nodeEnv).toBe('production');
  });

  it.each([
    ['the console SMS provider', { SMS_PROVIDER: 'console' }, 'SMS_PROVIDER'],
    ['the payment sandbox', { PAYMENT_PROVIDER: 'sandbox' }, 'PAYMENT_PROVIDER'],
    ['dev routes', { DEV_ROUTES: 'true' }, 'DEV_ROUTES'],
    ['a missing session secret', { SESSION_SECRET: '' }, 'SESSION_SECRET'],
    ['a missing public address', { PUBLIC_URL: '' }, 'PUBLIC_URL'],
    ['the dev mail outbox', { EMAIL_PROVIDER: 'dev-outbox' }, 'EMAIL_PROVIDER'],
  ])('in production refuses %s and says which setting to give', (_what, change, setting) => {
    const problems = problemsOf({ ...productionReady, ...change });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain(`refuses ${setting}`);
    expect(problems[0]).toMatch(new RegExp(`set ${setting}`));
  });

  it('in production turns dev routes off by default', () => {
    const { DEV_ROUTES: _omitted, ...env } = productionReady;
    expect(loadConfig(env, cwd).devRoutes).toBe(false);
  });

  it('names a bad secret without echoing its value', () => {
    const problems = problemsOf({ SESSION_SECRET: 'short', DATABASE_URL: 'mysql://root:hunter2@db/school' });
    expect(problems).toEqual([
      'DATABASE_URL: must be a postgres:// URL (or empty for the embedded database)',
      'SESSION_SECRET: must be at least 32 characters',
    ]);
    expect(problemsOf({ PORT: 'x' })).toEqual(['PORT: must be a port number (1–65535) (got "x")']);
  });

  it('lists every problem at once, in a readable message', () => {
    try {
      loadConfig({ PORT: 'x', LOG_LEVEL: 'y' }, cwd);
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect((error as ConfigError).message).toMatch(/Invalid configuration:\n {2}- PORT: .*\n {2}- LOG_LEVEL: /);
    }
  });
});

describe('provider settings', () => {
  it('reads the Aliyun SMS settings, with the public endpoint by default', () => {
    const config = loadConfig({ SMS_PROVIDER: 'aliyun', ...aliyunSms }, cwd);
    expect(config.aliyunSms).toEqual({
      accessKeyId: 'LTAI-test',
      accessKeySecret: 'test-secret',
      signName: '演示学校',
      templateCode: 'SMS_100001',
      endpoint: 'https://dysmsapi.aliyuncs.com',
      regionId: 'cn-hangzhou',
    });
    const local = loadConfig(
      { SMS_PROVIDER: 'aliyun', ...aliyunSms, ALIYUN_SMS_ENDPOINT: 'http://127.0.0.1:9000/' },
      cwd,
    );
    expect(local.aliyunSms?.endpoint).toBe('http://127.0.0.1:9000');
  });

  it('names every Tencent SMS setting missing for SMS_PROVIDER=tencent', () => {
    const problems = problemsOf({ SMS_PROVIDER: 'tencent', TENCENT_SMS_SECRET_ID: 'AKID' });
    expect(problems).toEqual([
      'TENCENT_SMS_SECRET_KEY: required with SMS_PROVIDER=tencent',
      'TENCENT_SMS_SDK_APP_ID: required with SMS_PROVIDER=tencent',
      'TENCENT_SMS_SIGN_NAME: required with SMS_PROVIDER=tencent',
      'TENCENT_SMS_TEMPLATE_ID: required with SMS_PROVIDER=tencent',
    ]);
    const config = loadConfig(
      {
        SMS_PROVIDER: 'tencent',
        TENCENT_SMS_SECRET_ID: 'AKID',
        TENCENT_SMS_SECRET_KEY: 'key',
        TENCENT_SMS_SDK_APP_ID: '1400006666',
        TENCENT_SMS_SIGN_NAME: '演示学校',
        TENCENT_SMS_TEMPLATE_ID: '1234',
      },
      cwd,
    );
    expect(config.tencentSms).toMatchObject({ region: 'ap-guangzhou', endpoint: 'https://sms.tencentcloudapi.com' });
  });

  it('reads the Aliyun AFS captcha settings and refuses an unknown captcha provider', () => {
    expect(problemsOf({ CAPTCHA_PROVIDER: 'aliyun-afs' })).toHaveLength(3);
    expect(problemsOf({ CAPTCHA_PROVIDER: 'recaptcha' })[0]).toMatch(/^CAPTCHA_PROVIDER: /);
    const config = loadConfig(
      {
        CAPTCHA_PROVIDER: 'aliyun-afs',
        ALIYUN_AFS_ACCESS_KEY_ID: 'id',
        ALIYUN_AFS_ACCESS_KEY_SECRET: 'secret',
        ALIYUN_AFS_APP_KEY: 'FFFF0N0000000000',
      },
      cwd,
    );
    expect(config.captcha).toEqual({
      provider: 'aliyun-afs',
      accessKeyId: 'id',
      accessKeySecret: 'secret',
      appKey: 'FFFF0N0000000000',
      scene: null,
      endpoint: 'https://afs.aliyuncs.com',
      regionId: 'cn-hangzhou',
    });
  });

  it('keeps media on local disk by default, and reads the S3 settings for MEDIA_STORAGE=s3', () => {
    expect(loadConfig({ S3_BUCKET: 'ignored-without-s3' }, cwd)).toMatchObject({
      mediaStorage: 'local',
      s3Storage: null,
    });
    expect(problemsOf({ MEDIA_STORAGE: 's3' })).toEqual([
      'S3_ENDPOINT: required with MEDIA_STORAGE=s3',
      'S3_BUCKET: required with MEDIA_STORAGE=s3',
      'S3_ACCESS_KEY_ID: required with MEDIA_STORAGE=s3',
      'S3_SECRET_ACCESS_KEY: required with MEDIA_STORAGE=s3',
    ]);
    const s3 = {
      MEDIA_STORAGE: 's3',
      S3_ENDPOINT: 'http://127.0.0.1:9000/',
      S3_BUCKET: 'school-media',
      S3_ACCESS_KEY_ID: 'AKIATEST',
      S3_SECRET_ACCESS_KEY: 'test-secret',
    };
    expect(loadConfig(s3, cwd).s3Storage).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'school-media',
      accessKeyId: 'AKIATEST',
      secretAccessKey: 'test-secret',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_REGION: 'cn-hangzhou', S3_FORCE_PATH_STYLE: 'true' }, cwd).s3Storage).toMatchObject({
      region: 'cn-hangzhou',
      forcePathStyle: true,
    });
  });

  it('says what is wrong with a bad S3 setting without echoing the keys', () => {
    const problems = problemsOf({
      MEDIA_STORAGE: 'gcs',
      S3_ENDPOINT: 'ftp://storage.example',
      S3_BUCKET: 'Bad_Bucket',
      S3_SECRET_ACCESS_KEY: ' ',
      S3_FORCE_PATH_STYLE: 'maybe',
    });
    expect(problems).toEqual([
      'MEDIA_STORAGE: must be one of local, s3 (got "gcs")',
      'S3_ENDPOINT: must be an http(s) URL such as https://s3.ap-east-1.amazonaws.com (got "ftp://storage.example")',
      'S3_BUCKET: must be a bucket name: 3–63 lowercase letters, digits, dots and hyphens (got "Bad_Bucket")',
      'S3_SECRET_ACCESS_KEY: S3_SECRET_ACCESS_KEY must not be empty',
      'S3_FORCE_PATH_STYLE: must be true or false (got "maybe")',
    ]);
  });

  it('needs the WeChat app id and secret together, and a base URL that is a URL', () => {
    expect(loadConfig({}, cwd).wechat).toBeNull();
    expect(problemsOf({ WECHAT_APP_ID: 'wx123' })).toEqual(['WECHAT_APP_SECRET: required with WECHAT_APP_ID']);
    expect(problemsOf({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's', WECHAT_API_BASE: 'ftp://x' })[0]).toMatch(
      /^WECHAT_API_BASE: /,
    );
    expect(loadConfig({ WECHAT_APP_ID: 'wx1', WECHAT_APP_SECRET: 's' }, cwd).wechat).toEqual({
      appId: 'wx1',
      appSecret: 's',
      apiBase: 'https://api.weixin.qq.com',
    });
  });
});

describe('email settings', () => {
  const smtp = { EMAIL_PROVIDER: 'smtp', SMTP_HOST: 'smtp.example.com', SMTP_FROM: 'School <no-reply@school.example>' };

  it('sends no mail in production unless told to, and keeps mail in the dev outbox otherwise', () => {
    expect(loadConfig(productionReady, cwd).email).toEqual({ provider: 'off' });
    expect(loadConfig({ EMAIL_PROVIDER: 'off' }, cwd).email).toEqual({ provider: 'off' });
  });

  it('reads the SMTP settings: STARTTLS on 587 by default, TLS on 465 with SMTP_SECURE', () => {
    expect(loadConfig({ ...productionReady, ...smtp }, cwd).email).toEqual({
      provider: 'smtp',
      smtp: {
        host: 'smtp.example.com',
        port: 587,
        secure: false,
        user: null,
        password: null,
        from: 'School <no-reply@school.example>',
      },
    });
    const secure = loadConfig(
      { ...smtp, SMTP_SECURE: 'true', SMTP_USER: 'mailer', SMTP_PASSWORD: 'mail-secret', SMTP_FROM: 'a@b.cn' },
      cwd,
    ).email;
    expect(secure).toMatchObject({ smtp: { port: 465, secure: true, user: 'mailer', password: 'mail-secret' } });
    expect(loadConfig({ ...smtp, SMTP_PORT: '2525' }, cwd).email).toMatchObject({ smtp: { port: 2525 } });
  });

  it('refuses to start with EMAIL_PROVIDER=smtp but no mail server, naming each missing setting', () => {
    expect(problemsOf({ ...productionReady, EMAIL_PROVIDER: 'smtp' })).toEqual([
      'SMTP_HOST: required with EMAIL_PROVIDER=smtp',
      'SMTP_FROM: required with EMAIL_PROVIDER=smtp',
    ]);
    expect(problemsOf({ ...smtp, SMTP_USER: 'mailer' })).toEqual(['SMTP_PASSWORD: required with SMTP_USER']);
    expect(problemsOf({ ...smtp, SMTP_PASSWORD: 'mail-secret' })).toEqual(['SMTP_USER: required with SMTP_PASSWORD']);
  });

  it('refuses a bad sender, port or provider without echoing the password', () => {
    expect(problemsOf({ ...smtp, SMTP_FROM: 'nobody' })[0]).toMatch(/^SMTP_FROM: must be an address/);
    expect(problemsOf({ ...smtp, SMTP_PORT: '0' })[0]).toMatch(/^SMTP_PORT: must be a port number/);
    expect(problemsOf({ EMAIL_PROVIDER: 'sendmail' })[0]).toMatch(
      /^EMAIL_PROVIDER: must be one of off, dev-outbox, smtp/,
    );
  });
});

describe('payment settings', () => {
  it('names every WeChat Pay setting missing for PAYMENT_PROVIDER=wechat', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'wechat', WECHATPAY_MCH_ID: '1900000109' })).toEqual([
      'WECHATPAY_APP_ID: required with PAYMENT_PROVIDER=wechat',
      'WECHATPAY_CERT_SERIAL_NO: required with PAYMENT_PROVIDER=wechat',
      'WECHATPAY_PRIVATE_KEY: required with PAYMENT_PROVIDER=wechat',
      'WECHATPAY_API_V3_KEY: required with PAYMENT_PROVIDER=wechat',
      'WECHATPAY_PLATFORM_PUBLIC_KEY: required with PAYMENT_PROVIDER=wechat',
      'WECHATPAY_PLATFORM_PUBLIC_KEY_ID: required with PAYMENT_PROVIDER=wechat',
    ]);
    expect(problemsOf({ PAYMENT_PROVIDER: 'alipay' })).toEqual([
      'ALIPAY_APP_ID: required with PAYMENT_PROVIDER=alipay',
      'ALIPAY_PRIVATE_KEY: required with PAYMENT_PROVIDER=alipay',
      'ALIPAY_PUBLIC_KEY: required with PAYMENT_PROVIDER=alipay',
    ]);
  });

  it('reads the WeChat Pay settings, the keys as PEM whatever their line breaks', () => {
    const config = loadConfig({ PAYMENT_PROVIDER: 'wechat', ...wechatPay }, cwd);
    expect(config.payment).toMatchObject({
      providers: ['wechat'],
      alipay: null,
      wechatPay: {
        mchId: '1900000109',
        appId: 'wx0123456789abcdef',
        certSerialNo: wechatPay.WECHATPAY_CERT_SERIAL_NO,
        apiV3Key: wechatPay.WECHATPAY_API_V3_KEY,
        platformPublicKeyId: wechatPay.WECHATPAY_PLATFORM_PUBLIC_KEY_ID,
        apiBase: 'https://api.mch.weixin.qq.com',
      },
    });
    const { privateKey, platformPublicKey } = config.payment.wechatPay!;
    expect(createPrivateKey(privateKey).equals(merchantKey.privateKey)).toBe(true);
    expect(createPublicKey(platformPublicKey).equals(platformKey.publicKey)).toBe(true);
  });

  it('takes the WeChat Pay app id from WECHAT_APP_ID unless WECHATPAY_APP_ID names another', () => {
    const { WECHATPAY_APP_ID: _unset, ...withoutAppId } = wechatPay;
    const official = { WECHAT_APP_ID: 'wx1111111111111111', WECHAT_APP_SECRET: 'secret' };
    const env = { PAYMENT_PROVIDER: 'wechat', ...withoutAppId, ...official };
    expect(loadConfig(env, cwd).payment.wechatPay?.appId).toBe('wx1111111111111111');
    expect(loadConfig({ ...env, WECHATPAY_APP_ID: 'wx2222222222222222' }, cwd).payment.wechatPay?.appId).toBe(
      'wx2222222222222222',
    );
  });

  it('takes PAYMENT_PROVIDER=wechat,alipay, with Alipay’s bare base64 keys made PEM', () => {
    const config = loadConfig(
      {
        PAYMENT_PROVIDER: 'wechat, alipay',
        ...wechatPay,
        ...alipay,
        ALIPAY_GATEWAY: 'http://127.0.0.1:9000/gateway.do',
      },
      cwd,
    );
    expect(config.payment.providers).toEqual(['wechat', 'alipay']);
    expect(config.payment.wechatPay?.mchId).toBe('1900000109');
    const settings = config.payment.alipay!;
    expect(settings).toMatchObject({ appId: '2021000122671080', gateway: 'http://127.0.0.1:9000/gateway.do' });
    expect(settings.privateKey).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(settings.alipayPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(createPrivateKey(settings.privateKey).equals(appKey.privateKey)).toBe(true);
    expect(createPublicKey(settings.alipayPublicKey).equals(alipayKey.publicKey)).toBe(true);
    // The PKCS#8 form Alipay's tool offers for Java works as well.
    const pkcs8 = appKey.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
    expect(
      loadConfig({ PAYMENT_PROVIDER: 'alipay', ...alipay, ALIPAY_PRIVATE_KEY: pkcs8 }, cwd).payment.alipay?.privateKey,
    ).toBe(settings.privateKey);
  });

  it('refuses the sandbox together with a real gateway', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'sandbox,wechat', ...wechatPay })).toEqual([
      'PAYMENT_PROVIDER: sandbox cannot be combined with a real gateway (got "sandbox,wechat")',
    ]);
  });

  it('refuses a bad key, naming the setting without echoing the value', () => {
    const ecKey = generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    const problems = problemsOf({
      PAYMENT_PROVIDER: 'wechat,alipay',
      ...wechatPay,
      ...alipay,
      WECHATPAY_PRIVATE_KEY: '-----BEGIN PRIVATE KEY-----\nbm90IGEga2V5\n-----END PRIVATE KEY-----',
      WECHATPAY_PLATFORM_PUBLIC_KEY: alipay.ALIPAY_PUBLIC_KEY, // bare base64: WeChat Pay hands out PEM
      WECHATPAY_API_V3_KEY: 'too-short',
      ALIPAY_PRIVATE_KEY: ecKey,
      ALIPAY_PUBLIC_KEY: 'bm90IGEga2V5',
    });
    expect(problems).toEqual([
      'WECHATPAY_PRIVATE_KEY: must be an RSA private key in PEM',
      'WECHATPAY_API_V3_KEY: must be exactly 32 bytes (the APIv3 key)',
      'WECHATPAY_PLATFORM_PUBLIC_KEY: must be an RSA public key in PEM',
      'ALIPAY_PRIVATE_KEY: must be an RSA private key in PEM (or the bare base64 PKCS#1/PKCS#8 key), not ec',
      'ALIPAY_PUBLIC_KEY: must be an RSA public key in PEM (or the bare base64 key)',
    ]);
    expect(problemsOf({ PAYMENT_PROVIDER: 'wechat', ...wechatPay, WECHATPAY_MCH_ID: 'mch-1' })).toEqual([
      'WECHATPAY_MCH_ID: must be the merchant id (digits) (got "mch-1")',
    ]);
  });
});

describe('devConveniencesOf', () => {
  it('names each convenience a development configuration turns on, and none in production', () => {
    expect(devConveniencesOf(loadConfig({}, cwd))).toEqual([
      'DEV_ROUTES (test helpers under /api/dev/)',
      'SMS_PROVIDER=console (codes printed to this log)',
      'EMAIL_PROVIDER=dev-outbox (mail kept for /api/dev/mail/latest)',
      'PAYMENT_PROVIDER=sandbox (no real money)',
      'SESSION_SECRET unset (a fixed development secret)',
    ]);
    expect(devConveniencesOf(loadConfig(productionReady, cwd))).toEqual([]);
  });
});

describe('loadTestSettings', () => {
  it('reads TEST_DATABASE_URL only when it is a postgres URL', () => {
    expect(loadTestSettings({}).testDatabaseUrl).toBeNull();
    expect(loadTestSettings({ TEST_DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/test' }).testDatabaseUrl).toBe(
      'postgres://postgres@127.0.0.1:5432/test',
    );
    expect(() => loadTestSettings({ TEST_DATABASE_URL: 'sqlite://x' })).toThrow(ConfigError);
  });
});
