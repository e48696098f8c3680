import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@school/contract/auth';
import type { OauthBindExisting, OauthBindRegister } from '@school/contract/oauth';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import type { Clock } from '../../providers/clock.js';
import { WechatApiError, type WechatClient } from '../../providers/wechat/wechat-client.js';
import type { AuthRepository, OauthIdentity, UserRow } from './auth.repository.js';
import { presentUser, type AuthService, type StartedSession } from './auth.service.js';
import type { SessionContext } from './register.service.js';
import type { SmsCodesService } from './sms-codes.service.js';
import { phoneBound, usernameTaken } from './users.service.js';

/** How long an unbound WeChat identity waits for its bind or sign-up. */
export const pendingOauthTtlMs = 10 * 60_000;

const pendingIdOf = (token: string) => createHash('sha256').update(token).digest('hex');
const pendingTokenPattern = /^[A-Za-z0-9_-]{43}$/;

export type OauthLoginOutcome =
  | { status: 'LOGGED_IN'; user: User; session: StartedSession }
  | { status: 'BIND_REQUIRED'; pendingToken: string; pendingMaxAgeSeconds: number };

/** WeChat official-account login and binding (see the contract's oauth module). */
export function createOauthService(deps: {
  repository: AuthRepository;
  auth: AuthService;
  sms: SmsCodesService;
  /** Null when the server has no WeChat settings. */
  wechat: WechatClient | null;
  /** The school's `wechatOfficialConfig.enable`. */
  wechatEnabled: (tenantId: number) => Promise<boolean>;
  clock: Clock;
}) {
  const { repository, auth, sms, clock } = deps;

  async function wechatFor(tenantId: number): Promise<WechatClient> {
    if (deps.wechat === null || !(await deps.wechatEnabled(tenantId))) throw new AppError('forbidden');
    return deps.wechat;
  }

  async function pendingIdentity(
    tenantId: number,
    token: string | null,
  ): Promise<{ id: string; identity: OauthIdentity }> {
    if (token === null || !pendingTokenPattern.test(token)) throw new AppError('oauthUserNotFound');
    const id = pendingIdOf(token);
    const identity = await repository.findPendingOauth(tenantId, id, clock.now());
    if (identity === null) throw new AppError('oauthUserNotFound');
    return { id, identity };
  }

  async function signIn(context: SessionContext, user: UserRow) {
    const session = await auth.startSession({
      tenantId: context.tenantId,
      userId: user.id,
      rememberMe: context.rememberMe,
      previousToken: context.previousToken,
    });
    return { user: presentUser(user), session };
  }

  async function reload(tenantId: number, userId: number): Promise<UserRow> {
    const user = await repository.findUserById(tenantId, userId);
    if (user === null) throw new Error(`account ${userId} vanished while binding`);
    return user;
  }

  return {
    async wechatLogin(context: SessionContext, code: string): Promise<OauthLoginOutcome> {
      const wechat = await wechatFor(context.tenantId);
      let identity: OauthIdentity;
      try {
        identity = { provider: 'wechat', ...(await wechat.exchangeOAuthCode(code)) };
      } catch (error) {
        // A used or invented code is the caller's problem; WeChat being away is ours.
        if (error instanceof WechatApiError && error.kind === 'refused')
          throw new AppError('badRequest', { field: 'code' });
        throw new AppError('badGateway', { cause: error });
      }
      const user = await repository.findUserByIdentity(context.tenantId, 'wechat', identity.openid);
      if (user !== null) {
        if (user.status === 'DISABLED') throw new AppError('userDisabled');
        return { status: 'LOGGED_IN', ...(await signIn(context, user)) };
      }
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await repository.savePendingOauth(context.tenantId, {
        id: pendingIdOf(token),
        identity,
        expiresAt: new Date(now.getTime() + pendingOauthTtlMs),
        now,
      });
      return { status: 'BIND_REQUIRED', pendingToken: token, pendingMaxAgeSeconds: pendingOauthTtlMs / 1000 };
    },

    /** Binds the pending WeChat identity to an existing account after its password. */
    async bindExisting(
      context: SessionContext & { ip: string; pendingToken: string | null },
      input: OauthBindExisting,
    ): Promise<{ user: User; session: StartedSession }> {
      const { tenantId } = context;
      await wechatFor(tenantId);
      const pending = await pendingIdentity(tenantId, context.pendingToken);
      const user = await auth.verifyCredentials({
        tenantId,
        loginId: input.username,
        password: input.password,
        ip: context.ip,
      });
      if (user.status === 'DISABLED') throw new AppError('oauthPhoneAbnormal');
      if (await repository.hasIdentity(tenantId, user.id, 'wechat')) throw new AppError('conflict');
      const result = await repository.bindIdentity(tenantId, user.id, pending.identity, pending.id);
      if (!result.ok) throw new AppError('conflict');
      return signIn(context, await reload(tenantId, user.id));
    },

    /** Signs up a new account carrying the pending WeChat identity. */
    async bindRegister(
      context: SessionContext & { pendingToken: string | null },
      input: OauthBindRegister,
    ): Promise<{ user: User; session: StartedSession }> {
      const { tenantId } = context;
      await wechatFor(tenantId);
      const pending = await pendingIdentity(tenantId, context.pendingToken);
      const owner = await repository.findUserByPhone(tenantId, input.phone);
      if (owner !== null) throw owner.status === 'DISABLED' ? new AppError('oauthPhoneAbnormal') : phoneBound();
      if (await repository.isUsernameTaken(tenantId, input.username, null)) throw usernameTaken();
      await sms.verify({ tenantId, phone: input.phone, purpose: 'register', code: input.code, consume: true });
      const result = await repository.createUser(
        tenantId,
        {
          username: input.username,
          nickname: input.nickname,
          phone: input.phone,
          passwordHash: await hashPassword(input.password),
        },
        { ...pending.identity, pendingId: pending.id },
      );
      if (!result.ok) {
        if (result.conflict === 'phone') throw phoneBound();
        if (result.conflict === 'username') throw usernameTaken();
        throw new AppError('conflict');
      }
      return signIn(context, await reload(tenantId, result.value));
    },
  };
}

export type OauthService = ReturnType<typeof createOauthService>;
