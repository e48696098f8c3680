import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@school/contract/auth';
import { limits, phonePattern } from '@school/contract/validation';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { AuthState } from '../../plugins/session.js';
import type { Clock } from '../../providers/clock.js';
import type { RateLimitStore } from '../../providers/rate-limit-store.js';
import type { AuthRepository, UserRow } from './auth.repository.js';

const minute = 60_000;
const day = 24 * 60 * minute;

/** Remember-me: a persistent cookie and session for 10 days (spec §9). */
export const rememberMeMs = limits.rememberMeDays * day;
/** Browser sessions end after this long without a request. */
export const idleTimeoutMs = 2 * 60 * minute;
// Sliding expiry writes at most once a minute per session, not on every request.
const touchIntervalMs = minute;

/** Failed logins per IP and login id before 429. */
export const loginAttemptLimit = 10;
export const loginAttemptWindowMs = 15 * minute;

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
}

export interface LoginInput extends CredentialsInput {
  rememberMe: boolean;
  /** The cookie the browser already had, if any: its session is replaced. */
  previousToken: string | null;
}

export interface LoginResult extends StartedSession {
  user: User;
}

export function createAuthService(deps: { repository: AuthRepository; rateLimits: RateLimitStore; clock: Clock }) {
  const { repository, rateLimits, clock } = deps;

  // Verified against when the login id names nobody, so both refusals cost the same time
  // and the answer time does not reveal which accounts exist.
  let dummyHash: Promise<string> | null = null;
  const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

  async function findLoginUser(tenantId: number, loginId: string): Promise<UserRow | null> {
    // Usernames may not look like phone numbers (spec §5), so the two never collide.
    return phonePattern.test(loginId)
      ? repository.findUserByPhone(tenantId, loginId)
      : repository.findUserByUsername(tenantId, loginId);
  }

  /**
   * The account these credentials open, or `badCredential` (the same answer, after the same
   * work, whether the account is unknown or the password wrong). Failures are counted per
   * client address and login id (429 past the limit). Account status is the caller's call.
   */
  async function verifyCredentials(input: CredentialsInput): Promise<UserRow> {
    const now = clock.now();
    const limitKey = `login:${input.tenantId}:${input.ip}:${input.loginId.toLowerCase()}`;
    const attempts = await rateLimits.hit(limitKey, loginAttemptWindowMs, now);
    if (attempts.count > loginAttemptLimit) {
      const retryAfter = Math.max(1, Math.ceil((attempts.resetAt.getTime() - now.getTime()) / 1000));
      throw new AppError('tooManyRequests', { headers: { 'retry-after': String(retryAfter) } });
    }

    const user = await findLoginUser(input.tenantId, input.loginId);
    let valid = false;
    if (user?.passwordHash) valid = await verifyPassword(user.passwordHash, input.password);
    else await verifyPassword(await getDummyHash(), input.password);
    if (!user || !valid) throw new AppError('badCredential');
    await rateLimits.reset(limitKey);
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

  return {
    verifyCredentials,
    startSession,

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
      return { user: presentUser(user), ...session };
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
      const session = await repository.findSession(tenantId, id);
      if (session === null) return 'invalid';
      const now = clock.now();
      if (session.expiresAt.getTime() <= now.getTime()) {
        await repository.deleteSession(tenantId, id);
        return 'invalid';
      }
      if (session.userStatus === 'DISABLED') return { kind: 'disabled', userId: session.userId, sessionId: id };
      if (!session.rememberMe && now.getTime() - session.lastSeenAt.getTime() >= touchIntervalMs) {
        await repository.touchSession(tenantId, id, now, new Date(now.getTime() + idleTimeoutMs));
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
