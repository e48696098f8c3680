import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/*
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser
 * that has logged in to an account gets a signed cookie naming that account. Its next password
 * logins to the same account are judged by the cookie's own record instead of the client
 * address's, so a classmate guessing passwords on the school's shared network cannot lock the
 * whole network out (docs/security.md, "Limits"). No row is kept per cookie: the signature
 * proves we issued it, and only a cookie's failures are kept, in the rate-limit store under its
 * nonce.
 */

/** How long a browser stays known; every successful login issues a fresh cookie for as long. */
export const deviceCookieLifetimeMs = 365 * 24 * 60 * 60_000;

export interface DeviceCookie {
  tenantId: number;
  userId: number;
  /** Random, unique per issue: the key of this cookie's failures. */
  nonce: string;
}

export interface IssuedDeviceCookie {
  value: string;
  maxAgeSeconds: number;
}

// tenant.user.expiry(seconds).nonce(16 bytes).mac(32 bytes), all base64url or decimal.
const cookiePattern = /^(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

export function createDeviceCookies(deps: {
  /** The server secret (SESSION_SECRET); the signing key is derived from it. */
  secret: string;
}) {
  // A key of its own, so a MAC made for another purpose with the same secret never passes here.
  const key = createHmac('sha256', deps.secret).update('device-cookie-hmac').digest();
  const macOf = (payload: string) => createHmac('sha256', key).update(payload).digest();

  return {
    issue(tenantId: number, userId: number, now: Date): IssuedDeviceCookie {
      const expiresAt = Math.floor((now.getTime() + deviceCookieLifetimeMs) / 1000);
      const payload = `${tenantId}.${userId}.${expiresAt}.${randomBytes(16).toString('base64url')}`;
      return {
        value: `${payload}.${macOf(payload).toString('base64url')}`,
        maxAgeSeconds: Math.floor(deviceCookieLifetimeMs / 1000),
      };
    },

    /**
     * The cookie's claims if we signed it, for this school, and it has not expired; null for
     * anything else (missing, malformed, forged, tampered with, another school's, expired):
     * such a cookie is as good as none.
     */
    read(value: string | null, tenantId: number, now: Date): DeviceCookie | null {
      const match = value === null ? null : cookiePattern.exec(value);
      if (!match) return null;
      const [, tenant = '', user = '', expiresAt = '', nonce = '', mac = ''] = match;
      // Compared as text: base64url's spare bits let several texts decode to the same bytes.
      const expected = Buffer.from(macOf(`${tenant}.${user}.${expiresAt}.${nonce}`).toString('base64url'));
      if (!timingSafeEqual(Buffer.from(mac), expected)) return null;
      if (Number(tenant) !== tenantId || Number(expiresAt) * 1000 <= now.getTime()) return null;
      return { tenantId, userId: Number(user), nonce };
    },
  };
}

export type DeviceCookies = ReturnType<typeof createDeviceCookies>;

/** The rate-limit key of one device cookie's failed logins; the nonce itself is not stored. */
export function deviceCookieKey(cookie: DeviceCookie): string {
  return `password:device:${createHash('sha256').update(cookie.nonce).digest('hex')}`;
}
