import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@school/contract/auth';
import { limits, phonePattern } from '@school/contract/validation';
import { AppError } from '../../lib/app-error.js';
import { noLearnerCache, type LearnerCache } from '../../lib/learner-cache.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { AuthState } from '../../plugins/session.js';
import type { Clock } from '../../providers/clock.js';
import { tooManyRequests, type RateLimitStore } from '../../providers/rate-limit-store.js';
import type { AuthRepository, UserRow } from './auth.repository.js';
import { createDeviceCookies, deviceCookieKey, type IssuedDeviceCookie } from './device-cookies.js';

const minute = 60_000;
const day = 24 * 60 * minute;

/** Remember-me: a persistent cookie and session for 10 days (docs/product.md#session). */
export const rememberMeMs = limits.rememberMeDays * day;
/** Browser sessions end after this long without a request. */
export const idleTimeoutMs = 2 * 60 * minute;
/**
 * ...and this long after the login whatever the activity, so a stolen cookie of a session kept
 * busy does not live for ever. Remember-me sessions end after their 10 days, busy or not.
 */
export const browserSessionLifetimeMs = 12 * 60 * minute;
// Sliding expiry writes at most once a minute per session, not on every request.
const touchIntervalMs = minute;

/**
 * Password guessing (decision record 010). Two counts, both kept in the database:
 * - per client address, whatever the accounts (password spraying): at most `limit` failed
 *   logins in the window, then 429 until it ends;
 * - per account, whatever the address and whichever login id (username or phone) names it:
 *   a growing delay. The first `free` wrong passwords pass; then each attempt must wait twice
 *   as long as the one before, from 1 s up to 15 min. A stranger can slow the owner's password
 *   login, never stop it for longer than the ceiling, and an SMS login always works and clears
 *   the count, as does a successful password login or reset.
 * A browser that logged in to the account before (its device cookie, device-cookies.ts) is not
 * counted per address for that account: a classmate guessing on the school's shared network
 * must not keep everyone else out. The cookie has a count of its own instead: after `limit`
 * failures in its window it is locked out and the address counts again. The account's delay
 * applies either way.
 */
export const passwordGuessLimits = {
  perAddress: { limit: 30, windowMs: 15 * minute },
  perAccount: { free: 5, baseDelayMs: 1000, maxDelayMs: 15 * minute, forgetAfterMs: day },
  // As many as an account's free guesses, over as long as the account's count is kept.
  perDevice: { limit: 5, windowMs: day },
} as const;

/** The throttle key of an account's password guesses (login, OAuth bind, password checks). */
export function passwordGuessKey(tenantId: number, userId: number): string {
  return `password:account:${tenantId}:${userId}`;
}

// 32 random bytes in base64url.
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;

export function sessionIdOf(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function maskPhone(phone: string | null): string | null {
  if (phone === null) return null;
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : '****';
}

export function presentUser(row: UserRow): User {
  return {
    id: row.id,
    username: row.username,
    nickname: row.nickname,
    gender: row.gender,
    avatar: row.avatar,
    introduction: row.introduction,
    phone: maskPhone(row.phone),
    email: row.email,
    wechatBound: row.wechatBound,
  };
}

export interface StartSessionInput {
  tenantId: number;
  userId: number;
  rememberMe: boolean;
  /** The cookie the browser already had, if any: its session is replaced. */
  previousToken: string | null;
}

export interface StartedSession {
  token: string;
  /** Cookie lifetime; null for a browser-session cookie. */
  maxAgeSeconds: number | null;
}

export interface CredentialsInput {
  tenantId: number;
  /** A username or a phone number. */
  loginId: string;
  password: string;
  ip: string;
  /** The browser's device cookie, if any: a valid one for this account stands in for the address. */
  deviceCookie?: string | null;
}

export interface LoginInput extends CredentialsInput {
  rememberMe: boolean;
  /** The cookie the browser already had, if any: its session is replaced. */
  previousToken: string | null;
}

export interface LoginResult extends StartedSession {
  user: User;
  /** The browser's new device cookie: known to this account for another year. */
  deviceCookie: IssuedDeviceCookie;
}

export function createAuthService(deps: {
  repository: AuthRepository;
  rateLimits: RateLimitStore;
  clock: Clock;
  /** Server secret the device cookies are signed with (derived from SESSION_SECRET). */
  secret: string;
  /** Where this process keeps sessions between requests, fresh by the database's notifications (decision 014). */
  learnerCache?: LearnerCache;
}) {
  const { repository, rateLimits, clock, learnerCache = noLearnerCache } = deps;
  const deviceCookies = createDeviceCookies({ secret: deps.secret });

  // Verified against when the login id names nobody, so both refusals cost the same time
  // and the answer time does not reveal which accounts exist.
  let dummyHash: Promise<string> | null = null;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

  async function findLoginUser(tenantId: number, loginId: string): Promise<UserRow | null> {
    // Usernames may not look like phone numbers (docs/product.md#validation-rules), so the two never collide.
    return phonePattern.test(loginId)
      ? repository.findUserByPhone(tenantId, loginId)
      : repository.findUserByUsername(tenantId, loginId);
  }

  /**
   * The account these credentials open, or `badCredential` (the same answer, after the same
   * work, whether the account is unknown or the password wrong). Guesses are counted per client
   * address (or the browser's device cookie for this account) and per account (see
   * `passwordGuessLimits`): 429 with Retry-After past either. An unknown login id is throttled
   * like an account of its own, so the limits reveal nothing. Account status is the caller's call.
   */
  async function verifyCredentials(input: CredentialsInput): Promise<UserRow> {
    const now = clock.now();
    const device = deviceCookies.read(input.deviceCookie ?? null, input.tenantId, now);
    // Looked up first only for a cookie we signed: its account decides whether it counts.
    let user = device === null ? undefined : await findLoginUser(input.tenantId, input.loginId);

    // Whichever count this attempt goes to: the device cookie's, or else the client address's.
    let attemptKey: string | null = null;
    if (device !== null && user?.id === device.userId) {
      const key = deviceCookieKey(device);
      const { limit, windowMs } = passwordGuessLimits.perDevice;
      // Past its limit the cookie is locked out: the attempt is counted per address below.
      if ((await rateLimits.hit(key, windowMs, now)).count <= limit) attemptKey = key;
    }
    if (attemptKey === null) {
      attemptKey = `password:address:${input.ip}`;
      const { limit, windowMs } = passwordGuessLimits.perAddress;
      const fromAddress = await rateLimits.hit(attemptKey, windowMs, now);
      if (fromAddress.count > limit) throw tooManyRequests(fromAddress.resetAt, now);
    }

    user ??= await findLoginUser(input.tenantId, input.loginId);
    const accountKey =
      user === null
        ? `password:unknown:${input.tenantId}:${input.loginId.toLowerCase()}`
        : passwordGuessKey(input.tenantId, user.id);
    const claim = await rateLimits.throttle(accountKey, passwordGuessLimits.perAccount, now);
    if (!claim.allowed) {
      // Refused before any guess was checked: not a failure of this address or device.
      await rateLimits.undo(attemptKey);
      throw tooManyRequests(claim.retryAt, now);
    }

    let valid = false;
    if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, input.password);
    else await verifyPassword(await getDummyHash(), input.password);
    if (!user || !valid) throw new AppError('badCredential');
    // A generated password opens this one session; its owner then sets a password of their own.
    if (user.passwordOneTime && !(await repository.spendOneTimePassword(input.tenantId, user.id, user.passwordHash!))) {
      throw new AppError('badCredential');
    }
    // Only failures count against an address or a device (a school's network logs many learners in).
    await rateLimits.undo(attemptKey);
    await rateLimits.clearThrottle(accountKey);
    return user;
  }

  /** A new session (new id, new cookie) for an account whose identity was just proven. */
  async function startSession(input: StartSessionInput): Promise<StartedSession> {
    const now = clock.now();
    const token = randomBytes(32).toString('base64url');
    await repository.replaceSession(
      input.tenantId,
      input.previousToken !== null && tokenPattern.test(input.previousToken) ? sessionIdOf(input.previousToken) : null,
      {
        id: sessionIdOf(token),
        tenantId: input.tenantId,
        userId: input.userId,
        rememberMe: input.rememberMe,
        expiresAt: new Date(now.getTime() + (input.rememberMe ? rememberMeMs : idleTimeoutMs)),
        lastSeenAt: now,
        createdAt: now,
      },
      now,
    );
    return { token, maxAgeSeconds: input.rememberMe ? Math.floor(rememberMeMs / 1000) : null };
  }

  /**
   * A device cookie for a browser that has just proven itself for this account (any login): a
   * new nonce each time, so the failures of a copy taken earlier stay with that copy.
   */
  function issueDeviceCookie(tenantId: number, userId: number): IssuedDeviceCookie {
    return deviceCookies.issue(tenantId, userId, clock.now());
  }

  return {
    verifyCredentials,
    startSession,
    issueDeviceCookie,

    /** The owner proved themselves another way (SMS login, password reset): guesses start over. */
    async forgetPasswordGuesses(tenantId: number, userId: number): Promise<void> {
      await rateLimits.clearThrottle(passwordGuessKey(tenantId, userId));
    },

    async login(input: LoginInput): Promise<LoginResult> {
      const user = await verifyCredentials(input);
      // Only after the password is proven, so the status does not reveal account existence.
      if (user.status === 'DISABLED') throw new AppError('userDisabled');
      const session = await startSession({
        tenantId: input.tenantId,
        userId: user.id,
        rememberMe: input.rememberMe,
        previousToken: input.previousToken,
      });
      return { user: presentUser(user), ...session, deviceCookie: issueDeviceCookie(input.tenantId, user.id) };
    },

    async logout(tenantId: number, token: string | null): Promise<void> {
      if (token === null || !tokenPattern.test(token)) return;
      await repository.deleteSession(tenantId, sessionIdOf(token));
    },

    /** The session plugin's resolver: who holds this cookie, sliding the idle timeout. */
    async resolveSession(
      tenantId: number,
      token: string,
    ): Promise<Exclude<AuthState, { kind: 'anonymous' }> | 'invalid'> {
      if (!tokenPattern.test(token)) return 'invalid';
      const id = sessionIdOf(token);
      // Kept by the hash, as stored: never the token. Only a live row is kept (a missing one is
      // asked again), and its deadlines are judged below on every request.
      const session = await learnerCache.get(
        `session:${tenantId}:${id}`,
        () => repository.findSession(tenantId, id),
        (row) => row?.userId ?? null,
      );
      if (session === null) return 'invalid';
      const now = clock.now();
      if (session.expiresAt.getTime() <= now.getTime()) {
        await repository.deleteSession(tenantId, id);
        learnerCache.forget(session.userId);
        return 'invalid';
      }
      if (session.userStatus === 'DISABLED') return { kind: 'disabled', userId: session.userId, sessionId: id };
      if (!session.rememberMe && now.getTime() - session.lastSeenAt.getTime() >= touchIntervalMs) {
        const endOfLife = session.createdAt.getTime() + browserSessionLifetimeMs;
        const expiresAt = Math.min(now.getTime() + idleTimeoutMs, endOfLife);
        await repository.touchSession(tenantId, id, now, new Date(expiresAt));
        // The kept row still has the old times; its notification drops it too, a moment later
        // on PostgreSQL, when requests in between would touch again.
        learnerCache.forget(session.userId);
      }
      return { kind: 'user', userId: session.userId, sessionId: id };
    },

    /** The signed-in user; `unauthorized` if the account vanished since the session began. */
    async currentUser(tenantId: number, userId: number): Promise<User> {
      const row = await repository.findUserById(tenantId, userId);
      if (row === null) throw new AppError('unauthorized');
      return presentUser(row);
    },

    /** Like currentUser, for the endpoint that must never fail: anonymous instead. */
    async currentUserOrNull(auth: AuthState, tenantId: number): Promise<User | null> {
      if (auth.kind !== 'user') return null;
      const row = await repository.findUserById(tenantId, auth.userId);
      return row === null ? null : presentUser(row);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
