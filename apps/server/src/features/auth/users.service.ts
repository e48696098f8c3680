import type { User } from '@school/contract/auth';
import { apiPaths } from '@school/contract/paths';
import type { SmsCodeSent, SmsPurpose } from '@school/contract/sms';
import type {
  Availability,
  BindPhone,
  IdNoCheck,
  PasswordChange,
  PasswordCheck,
  PasswordReset,
  PasswordStatus,
  PhoneLookup,
  ProfileUpdate,
} from '@school/contract/users';
import { isResidentIdNumber, ruleIds } from '@school/contract/validation';
import { AppError } from '../../lib/app-error.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import type { Clock } from '../../providers/clock.js';
import { enforceRateLimit, tooManyRequests, type RateLimitStore } from '../../providers/rate-limit-store.js';
import type { AuthRepository, ProfilePatch, UserRow } from './auth.repository.js';
import { passwordGuessKey, passwordGuessLimits, presentUser } from './auth.service.js';
import type { SmsCodesService } from './sms-codes.service.js';

const minute = 60_000;

/** Per client address: lookups that reveal whether a phone has an account, and username checks. */
export const lookupRules = {
  phone: { limit: 30, windowMs: 10 * minute },
  username: { limit: 120, windowMs: 10 * minute },
} as const;

// The avatar URL of an upload (uploads feature): /api/files/<32 hex>.<image extension>
const avatarUrlPattern = new RegExp(`^${apiPaths.files}/([a-f0-9]{32}\\.(?:png|jpg|webp|gif))$`);

export function phoneBound(): AppError {
  return new AppError('phoneBound', { field: 'phone', rule: ruleIds.phoneBound });
}

export function usernameTaken(): AppError {
  return new AppError('usernameTaken', { field: 'username', rule: ruleIds.usernameTaken });
}

/** The signed-in learner's own account: profile, username, password, phone, and the checks. */
export function createUsersService(deps: {
  repository: AuthRepository;
  sms: SmsCodesService;
  rateLimits: RateLimitStore;
  clock: Clock;
}) {
  const { repository, sms, rateLimits, clock } = deps;

  async function self(tenantId: number, userId: number): Promise<UserRow> {
    const row = await repository.findUserById(tenantId, userId);
    // The session outlived its account.
    if (row === null) throw new AppError('unauthorized');
    return row;
  }

  async function presentSelf(tenantId: number, userId: number): Promise<User> {
    return presentUser(await self(tenantId, userId));
  }

  /** Password guesses against a signed-in account: the same growing delay as failed logins. */
  async function passwordMatches(tenantId: number, user: UserRow, password: string): Promise<boolean> {
    const now = clock.now();
    const key = passwordGuessKey(tenantId, user.id);
    const claim = await rateLimits.throttle(key, passwordGuessLimits.perAccount, now);
    if (!claim.allowed) throw tooManyRequests(claim.retryAt, now);
    const valid = user.passwordHash !== null && (await verifyPassword(user.passwordHash, password));
    if (valid) await rateLimits.clearThrottle(key);
    return valid;
  }

  return {
    /** Calls naming a user id act on the caller only; any other id does not exist for them. */
    assertSelf(callerId: number, id: number): void {
      if (callerId !== id) throw new AppError('userNotFound');
    },

    async checkUsername(tenantId: number, username: string, selfId: number | null, ip: string): Promise<Availability> {
      await enforceRateLimit(rateLimits, { key: `lookup:username:${ip}`, ...lookupRules.username }, clock.now());
      return { available: !(await repository.isUsernameTaken(tenantId, username, selfId)) };
    },

    async checkPhone(tenantId: number, phone: string, selfId: number | null, ip: string): Promise<Availability> {
      await enforceRateLimit(rateLimits, { key: `lookup:phone:${ip}`, ...lookupRules.phone }, clock.now());
      const owner = await repository.findUserByPhone(tenantId, phone);
      return { available: owner === null || owner.id === selfId };
    },

    async lookupPhone(tenantId: number, phone: string, ip: string): Promise<PhoneLookup> {
      await enforceRateLimit(rateLimits, { key: `lookup:phone:${ip}`, ...lookupRules.phone }, clock.now());
      return { exists: (await repository.findUserByPhone(tenantId, phone)) !== null };
    },

    checkIdNo(idNo: string): IdNoCheck {
      return { valid: isResidentIdNumber(idNo) };
    },

    async passwordStatus(tenantId: number, userId: number): Promise<PasswordStatus> {
      return { hasPassword: (await self(tenantId, userId)).passwordHash !== null };
    },

    async checkPassword(tenantId: number, userId: number, password: string): Promise<PasswordCheck> {
      return { valid: await passwordMatches(tenantId, await self(tenantId, userId), password) };
    },

    async updateProfile(tenantId: number, userId: number, input: ProfileUpdate): Promise<User> {
      const user = await self(tenantId, userId);
      const patch: ProfilePatch = { nickname: input.nickname };
      if (input.gender !== undefined) patch.gender = input.gender;
      if (input.introduction !== undefined) patch.introduction = input.introduction ?? '';
      if (input.avatar !== undefined && input.avatar !== user.avatar) {
        const avatar = input.avatar === '' ? null : input.avatar;
        if (avatar !== null) {
          // Only an image this learner uploaded: never a link to anywhere else.
          const storageName = avatarUrlPattern.exec(avatar)?.[1];
          if (storageName === undefined || !(await repository.ownsAvatar(tenantId, userId, storageName))) {
            throw new AppError('validationFailed', { field: 'avatar' });
          }
        }
        patch.avatar = avatar;
      }
      await repository.updateProfile(tenantId, userId, patch);
      return presentSelf(tenantId, userId);
    },

    async changeUsername(tenantId: number, userId: number, username: string): Promise<User> {
      const user = await self(tenantId, userId);
      if (user.username === username) return presentUser(user);
      if (await repository.isUsernameTaken(tenantId, username, userId)) throw usernameTaken();
      const result = await repository.updateUsername(tenantId, userId, username);
      if (!result.ok) throw usernameTaken();
      return presentSelf(tenantId, userId);
    },

    /** The caller's other sessions end; this one stays. */
    async changePassword(tenantId: number, userId: number, sessionId: string, input: PasswordChange): Promise<void> {
      const user = await self(tenantId, userId);
      if (user.passwordHash !== null) {
        if (!input.oldPassword) {
          throw new AppError('validationFailed', { field: 'oldPassword', rule: ruleIds.passwordRequired });
        }
        if (!(await passwordMatches(tenantId, user, input.oldPassword))) {
          throw new AppError('badCredential', { field: 'oldPassword' });
        }
      }
      await repository.setPasswordHash(tenantId, userId, await hashPassword(input.password), sessionId);
    },

    /**
     * Forgotten password: every session of the account ends, and password guesses start over.
     * The code is checked before the account is looked up: a code for this purpose is only
     * ever sent to an account's phone, so without one every phone gets the same answer.
     */
    async resetPassword(tenantId: number, input: PasswordReset): Promise<void> {
      await sms.verify({ tenantId, phone: input.phone, purpose: 'resetPassword', code: input.code, consume: true });
      const user = await repository.findUserByPhone(tenantId, input.phone);
      if (user === null) throw new AppError('userNotFound');
      if (user.status === 'DISABLED') throw new AppError('userDisabled');
      await repository.setPasswordHash(tenantId, user.id, await hashPassword(input.password), null);
      await rateLimits.clearThrottle(passwordGuessKey(tenantId, user.id));
    },

    /** The code first, then whether the number is taken (see resetPassword). */
    async bindPhone(tenantId: number, userId: number, input: BindPhone): Promise<User> {
      await sms.verify({ tenantId, phone: input.phone, purpose: 'bindPhone', code: input.code, consume: true });
      const owner = await repository.findUserByPhone(tenantId, input.phone);
      if (owner !== null && owner.id !== userId) throw phoneBound();
      if (owner === null) {
        const result = await repository.updatePhone(tenantId, userId, input.phone);
        if (!result.ok) throw phoneBound();
      }
      return presentSelf(tenantId, userId);
    },

    /**
     * Sends a code after the purpose's own checks (see the contract's `smsPurposes`).
     * `userId`: the caller, required for `bindPhone`. The checks tell a bound phone from a
     * free one, so they run after the per-address send limit has counted the request.
     */
    async sendCode(input: {
      tenantId: number;
      phone: string;
      purpose: SmsPurpose;
      ip: string;
      userId: number | null;
    }): Promise<SmsCodeSent> {
      if (input.purpose === 'bindPhone' && input.userId === null) throw new AppError('unauthorized');
      // A login code goes to any number: no one to look up.
      const precheck =
        input.purpose === 'login'
          ? undefined
          : async () => {
              const owner = await repository.findUserByPhone(input.tenantId, input.phone);
              if (input.purpose === 'bindPhone' && owner !== null && owner.id !== input.userId) throw phoneBound();
              if (input.purpose === 'register' && owner !== null) throw phoneBound();
              if (input.purpose === 'resetPassword' && owner === null) throw new AppError('userNotFound');
            };
      return sms.send({ tenantId: input.tenantId, phone: input.phone, purpose: input.purpose, ip: input.ip }, precheck);
    },

    async verifyCode(tenantId: number, input: { phone: string; purpose: SmsPurpose; code: string }): Promise<void> {
      await sms.verify({ tenantId, ...input, consume: false });
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
