import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@school/contract/auth';
import type { RegisterInput, ResetToken } from '@school/contract/register';
import { AppError } from '../../lib/app-error.js';
import { hashPassword } from '../../lib/password.js';
import type { Clock } from '../../providers/clock.js';
import type { AuthRepository, NewAccount, UserRow } from './auth.repository.js';
import { presentUser, type AuthService, type StartedSession } from './auth.service.js';
import type { SmsCodesService } from './sms-codes.service.js';
import { phoneBound, usernameTaken } from './users.service.js';

/** How long the token of the two-step password reset lives. */
export const resetTokenTtlMs = 15 * 60_000;

export interface SessionContext {
  tenantId: number;
  rememberMe: boolean;
  previousToken: string | null;
}

export interface SignedIn {
  user: User;
  session: StartedSession;
}

const ticketIdOf = (token: string) => createHash('sha256').update(token).digest('hex');

function maskedPhone(phone: string): string {
  return `${phone.slice(0, 3)}****${phone.slice(-4)}`;
}

/** A username for a phone sign-up: "u" and 10 hex digits passes every rule of docs/product.md#validation-rules. */
function generatedUsername(): string {
  return `u${randomBytes(5).toString('hex')}`;
}

/** Sign-up, phone-code login, and the two-step password reset. */
export function createRegisterService(deps: {
  repository: AuthRepository;
  auth: AuthService;
  sms: SmsCodesService;
  clock: Clock;
}) {
  const { repository, auth, sms, clock } = deps;

  async function signIn(context: SessionContext, user: UserRow): Promise<SignedIn> {
    const session = await auth.startSession({
      tenantId: context.tenantId,
      userId: user.id,
      rememberMe: context.rememberMe,
      previousToken: context.previousToken,
    });
    return { user: presentUser(user), session };
  }

  async function signInById(context: SessionContext, userId: number): Promise<SignedIn> {
    const user = await repository.findUserById(context.tenantId, userId);
    if (user === null) throw new Error(`account ${userId} vanished right after its creation`);
    return signIn(context, user);
  }

  /** Creates a phone-only account, retrying the (unlikely) clash of a generated username. */
  async function createPhoneAccount(tenantId: number, phone: string): Promise<number | 'phoneTaken'> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const account: NewAccount = {
        username: generatedUsername(),
        nickname: maskedPhone(phone),
        phone,
        passwordHash: null,
      };
      const result = await repository.createUser(tenantId, account);
      if (result.ok) return result.value;
      if (result.conflict === 'phone') return 'phoneTaken';
    }
    throw new Error('could not generate a free username');
  }

  return {
    /**
     * The code is checked before the phone: a `register` code is only sent to a free number,
     * so a bound one cannot be told from a free one without a code that reached the phone.
     * A number bound since the code was sent is refused by the unique index (409 phoneBound).
     */
    async register(context: SessionContext, input: RegisterInput): Promise<SignedIn> {
      const { tenantId } = context;
      if (await repository.isUsernameTaken(tenantId, input.username, null)) throw usernameTaken();
      await sms.verify({ tenantId, phone: input.phone, purpose: 'register', code: input.code, consume: true });
      const result = await repository.createUser(tenantId, {
        username: input.username,
        nickname: input.nickname,
        phone: input.phone,
        passwordHash: await hashPassword(input.password),
      });
      if (!result.ok) throw result.conflict === 'phone' ? phoneBound() : usernameTaken();
      return signInById(context, result.value);
    },

    /**
     * Logs in the account of a phone with a `login` code. Without an account: creates one
     * when `createIfMissing`, else 404 `userNotFound` with the code left usable.
     */
    async codeLogin(
      context: SessionContext,
      input: { phone: string; code: string; createIfMissing: boolean },
    ): Promise<SignedIn & { created: boolean }> {
      const { tenantId } = context;
      const existing = await repository.findUserByPhone(tenantId, input.phone);
      const check = { tenantId, phone: input.phone, purpose: 'login' as const, code: input.code };
      if (existing === null && !input.createIfMissing) {
        await sms.verify({ ...check, consume: false });
        throw new AppError('userNotFound');
      }
      await sms.verify({ ...check, consume: true });
      if (existing !== null) {
        if (existing.status === 'DISABLED') throw new AppError('userDisabled');
        // The phone proved the owner: a stranger's password guesses no longer slow them.
        await auth.forgetPasswordGuesses(tenantId, existing.id);
        return { ...(await signIn(context, existing)), created: false };
      }
      const created = await createPhoneAccount(tenantId, input.phone);
      if (created === 'phoneTaken') {
        // Another request signed this phone up a moment ago: that account is the one.
        const account = await repository.findUserByPhone(tenantId, input.phone);
        if (account === null || account.status === 'DISABLED') throw new AppError('userDisabled');
        return { ...(await signIn(context, account)), created: false };
      }
      return { ...(await signInById(context, created)), created: true };
    },

    /** Step 1 of the two-step reset: a `resetPassword` code for a one-time reset token. */
    async issueResetToken(tenantId: number, input: { phone: string; code: string }): Promise<ResetToken> {
      // The code first, as in the one-step reset: no answer tells a known phone from another.
      await sms.verify({ tenantId, phone: input.phone, purpose: 'resetPassword', code: input.code, consume: true });
      const user = await repository.findUserByPhone(tenantId, input.phone);
      if (user === null) throw new AppError('userNotFound');
      if (user.status === 'DISABLED') throw new AppError('userDisabled');
      const token = randomBytes(32).toString('base64url');
      const now = clock.now();
      await repository.createTicket(tenantId, {
        id: ticketIdOf(token),
        userId: user.id,
        purpose: 'resetPassword',
        expiresAt: new Date(now.getTime() + resetTokenTtlMs),
        now,
      });
      return { resetToken: token, expiresInSeconds: resetTokenTtlMs / 1000 };
    },

    /** Step 2: the new password; every session of the account ends. */
    async resetWithToken(tenantId: number, input: { resetToken: string; password: string }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      const userId = await repository.resetPasswordWithTicket(
        tenantId,
        ticketIdOf(input.resetToken),
        passwordHash,
        clock.now(),
      );
      if (userId === null) throw new AppError('smsCodeExpired', { field: 'resetToken' });
      await auth.forgetPasswordGuesses(tenantId, userId);
    },
  };
}

export type RegisterService = ReturnType<typeof createRegisterService>;
