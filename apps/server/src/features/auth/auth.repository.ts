import { and, eq, getTableColumns, gt, isNull, lte, ne, sql, type SQL } from 'drizzle-orm';
import { executePrepared, type Db } from '../../db/database.js';
import {
  accountTickets,
  emailLinks,
  oauthIdentities,
  pendingOauth,
  sessions,
  uploads,
  users,
} from '../../db/schema.js';
import { uniqueViolation } from '../../lib/db-errors.js';

export type UserRow = typeof users.$inferSelect & { wechatBound: boolean };
export type NewSession = typeof sessions.$inferInsert;
export type OauthProvider = (typeof oauthIdentities.$inferSelect)['provider'];

/** Which unique rule a write broke. */
export type AccountConflict = 'username' | 'phone' | 'email' | 'identity';
export type WriteResult<T = void> = { ok: true; value: T } | { ok: false; conflict: AccountConflict };

const conflictOfConstraint: Record<string, AccountConflict> = {
  users_tenant_username_unique: 'username',
  users_tenant_phone_unique: 'phone',
  users_tenant_email_unique: 'email',
  oauth_identities_openid_unique: 'identity',
  oauth_identities_user_unique: 'identity',
};

/** Runs a write, turning a broken unique index into a conflict answer (anything else rethrows). */
async function guarded<T>(write: () => Promise<T>): Promise<WriteResult<T>> {
  try {
    return { ok: true, value: await write() };
  } catch (error) {
    const constraint = uniqueViolation(error);
    const conflict = constraint === null ? undefined : conflictOfConstraint[constraint];
    if (conflict === undefined) throw error;
    return { ok: false, conflict };
  }
}

// Spelled out: in a one-table select Drizzle leaves column names unqualified, which inside
// this subquery would name the identity's own columns.
const userColumns = {
  ...getTableColumns(users),
  wechatBound:
    sql<boolean>`exists (select 1 from ${oauthIdentities} oi where oi.tenant_id = "users"."tenant_id" and oi.user_id = "users"."id")`.mapWith(
      Boolean,
    ),
};

export interface NewAccount {
  username: string;
  nickname: string;
  phone: string | null;
  passwordHash: string | null;
}

export interface OauthIdentity {
  provider: OauthProvider;
  openid: string;
  unionid: string | null;
}

export interface ProfilePatch {
  nickname: string;
  gender?: 'MALE' | 'FEMALE' | null;
  introduction?: string;
  avatar?: string | null;
}

export function createAuthRepository(db: Db) {
  async function findUser(tenantId: number, where: SQL | undefined): Promise<UserRow | null> {
    const [row] = await db
      .select(userColumns)
      .from(users)
      .where(and(eq(users.tenantId, tenantId), where));
    return row ?? null;
  }

  return {
    findUserByUsername(tenantId: number, username: string): Promise<UserRow | null> {
      return findUser(tenantId, sql`lower(${users.username}) = lower(${username})`);
    },

    findUserByPhone(tenantId: number, phone: string): Promise<UserRow | null> {
      return findUser(tenantId, eq(users.phone, phone));
    },

    findUserByEmail(tenantId: number, email: string): Promise<UserRow | null> {
      return findUser(tenantId, eq(users.email, email));
    },

    findUserById(tenantId: number, id: number): Promise<UserRow | null> {
      return findUser(tenantId, eq(users.id, id));
    },

    async isUsernameTaken(tenantId: number, username: string, exceptUserId: number | null): Promise<boolean> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(
          and(
            eq(users.tenantId, tenantId),
            sql`lower(${users.username}) = lower(${username})`,
            exceptUserId === null ? undefined : ne(users.id, exceptUserId),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    /** Creates an account, and binds a third-party identity to it in the same transaction. */
    createUser(
      tenantId: number,
      account: NewAccount,
      identity: (OauthIdentity & { pendingId: string }) | null = null,
    ): Promise<WriteResult<number>> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({ tenantId, ...account })
            .returning({ id: users.id });
          if (!created) throw new Error('user insert returned nothing');
          if (identity !== null) {
            const { pendingId, ...bound } = identity;
            await tx.insert(oauthIdentities).values({ tenantId, userId: created.id, ...bound });
            await tx
              .delete(pendingOauth)
              .where(and(eq(pendingOauth.tenantId, tenantId), eq(pendingOauth.id, pendingId)));
          }
          return created.id;
        }),
      );
    },

    async updateProfile(tenantId: number, userId: number, patch: ProfilePatch): Promise<void> {
      await db
        .update(users)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
    },

    updateUsername(tenantId: number, userId: number, username: string): Promise<WriteResult> {
      return guarded(async () => {
        await db
          .update(users)
          .set({ username, updatedAt: sql`now()` })
          .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
      });
    },

    updatePhone(tenantId: number, userId: number, phone: string): Promise<WriteResult> {
      return guarded(async () => {
        await db
          .update(users)
          .set({ phone, updatedAt: sql`now()` })
          .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
      });
    },

    /**
     * Sets a new password hash and ends the account's sessions, all of them or all but one,
     * in one transaction.
     */
    /**
     * Spends a one-time password that has just been proven: the account keeps no password. False
     * when another login spent it first (only one of two logins racing with it may open a session).
     */
    async spendOneTimePassword(tenantId: number, userId: number, passwordHash: string): Promise<boolean> {
      const spent = await db
        .update(users)
        .set({ passwordHash: null, passwordOneTime: false, updatedAt: sql`now()` })
        .where(
          and(
            eq(users.tenantId, tenantId),
            eq(users.id, userId),
            eq(users.passwordHash, passwordHash),
            eq(users.passwordOneTime, true),
          ),
        )
        .returning({ id: users.id });
      return spent.length === 1;
    },

    async setPasswordHash(tenantId: number, userId: number, passwordHash: string, keepSessionId: string | null) {
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, passwordOneTime: false, updatedAt: sql`now()` })
          .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
        await tx
          .delete(sessions)
          .where(
            and(
              eq(sessions.tenantId, tenantId),
              eq(sessions.userId, userId),
              keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
            ),
          );
      });
    },

    /** Whether `storageName` is an avatar this user uploaded in this school. */
    async ownsAvatar(tenantId: number, userId: number, storageName: string): Promise<boolean> {
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            eq(uploads.tenantId, tenantId),
            eq(uploads.userId, userId),
            eq(uploads.kind, 'avatar'),
            eq(uploads.storageName, storageName),
          ),
        );
      return row !== undefined;
    },

    // Sessions

    /** Starts a session, replacing the one the browser had (a new id at every login). */
    async replaceSession(tenantId: number, previousId: string | null, session: NewSession, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        if (previousId !== null) {
          await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, previousId)));
        }
        // Tidy this user's dead sessions while we are here; nothing else needs them.
        await tx
          .delete(sessions)
          .where(
            and(eq(sessions.tenantId, tenantId), eq(sessions.userId, session.userId), lte(sessions.expiresAt, now)),
          );
        await tx.insert(sessions).values(session);
      });
    },

    /** Asked on every signed-in request: one prepared statement, planned once per connection. */
    async findSession(tenantId: number, id: string) {
      const [row] = await executePrepared<{
        id: string;
        userId: number;
        rememberMe: boolean;
        expiresAt: Date | string;
        lastSeenAt: Date | string;
        createdAt: Date | string;
        userStatus: UserRow['status'];
      }>(
        db,
        'session_find',
        sql`select ${sessions.id} as id, ${sessions.userId} as "userId", ${sessions.rememberMe} as "rememberMe",
          ${sessions.expiresAt} as "expiresAt", ${sessions.lastSeenAt} as "lastSeenAt",
          ${sessions.createdAt} as "createdAt", ${users.status} as "userStatus"
        from ${sessions}
        join ${users} on ${users.id} = ${sessions.userId} and ${users.tenantId} = ${sessions.tenantId}
        where ${sessions.tenantId} = ${tenantId} and ${sessions.id} = ${id}`,
      );
      if (row === undefined) return null;
      // Raw rows: timestamps come as Date from pg and as text from PGlite.
      return {
        ...row,
        expiresAt: new Date(row.expiresAt),
        lastSeenAt: new Date(row.lastSeenAt),
        createdAt: new Date(row.createdAt),
      };
    },

    async touchSession(tenantId: number, id: string, lastSeenAt: Date, expiresAt: Date): Promise<void> {
      await db
        .update(sessions)
        .set({ lastSeenAt, expiresAt })
        .where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
    },

    async deleteSession(tenantId: number, id: string): Promise<void> {
      await db.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.id, id)));
    },

    // Third-party identities

    async findUserByIdentity(tenantId: number, provider: OauthProvider, openid: string): Promise<UserRow | null> {
      const [row] = await db
        .select({ userId: oauthIdentities.userId })
        .from(oauthIdentities)
        .where(
          and(
            eq(oauthIdentities.tenantId, tenantId),
            eq(oauthIdentities.provider, provider),
            eq(oauthIdentities.openid, openid),
          ),
        );
      return row ? findUser(tenantId, eq(users.id, row.userId)) : null;
    },

    async hasIdentity(tenantId: number, userId: number, provider: OauthProvider): Promise<boolean> {
      const [row] = await db
        .select({ id: oauthIdentities.id })
        .from(oauthIdentities)
        .where(
          and(
            eq(oauthIdentities.tenantId, tenantId),
            eq(oauthIdentities.userId, userId),
            eq(oauthIdentities.provider, provider),
          ),
        );
      return row !== undefined;
    },

    /** Binds the identity of a pending OAuth login to an account and forgets the pending record. */
    bindIdentity(tenantId: number, userId: number, identity: OauthIdentity, pendingId: string): Promise<WriteResult> {
      return guarded(() =>
        db.transaction(async (tx) => {
          await tx.insert(oauthIdentities).values({ tenantId, userId, ...identity });
          await tx.delete(pendingOauth).where(and(eq(pendingOauth.tenantId, tenantId), eq(pendingOauth.id, pendingId)));
        }),
      );
    },

    async savePendingOauth(
      tenantId: number,
      pending: { id: string; identity: OauthIdentity; expiresAt: Date; now: Date },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        // Tidy this school's abandoned attempts while we are here.
        await tx
          .delete(pendingOauth)
          .where(and(eq(pendingOauth.tenantId, tenantId), lte(pendingOauth.expiresAt, pending.now)));
        await tx.insert(pendingOauth).values({
          id: pending.id,
          tenantId,
          ...pending.identity,
          expiresAt: pending.expiresAt,
          createdAt: pending.now,
        });
      });
    },

    async findPendingOauth(tenantId: number, id: string, now: Date): Promise<OauthIdentity | null> {
      const [row] = await db
        .select({ provider: pendingOauth.provider, openid: pendingOauth.openid, unionid: pendingOauth.unionid })
        .from(pendingOauth)
        .where(and(eq(pendingOauth.tenantId, tenantId), eq(pendingOauth.id, id), gt(pendingOauth.expiresAt, now)));
      return row ?? null;
    },

    /** Binds a WeChat identity to a signed-in account (no pending login involved). */
    addIdentity(tenantId: number, userId: number, identity: OauthIdentity): Promise<WriteResult> {
      return guarded(async () => {
        await db.insert(oauthIdentities).values({ tenantId, userId, ...identity });
      });
    },

    /**
     * Removes the account's identity with a provider, only while the account keeps another way
     * in (a password or a phone): checked in the same statement, so a password removed meanwhile
     * cannot leave the account locked out. False when refused for that reason.
     */
    async removeIdentityKeepingSignIn(tenantId: number, userId: number, provider: OauthProvider): Promise<boolean> {
      const removed = await db
        .delete(oauthIdentities)
        .where(
          and(
            eq(oauthIdentities.tenantId, tenantId),
            eq(oauthIdentities.userId, userId),
            eq(oauthIdentities.provider, provider),
            sql`exists (select 1 from ${users} u where u.tenant_id = ${tenantId} and u.id = ${userId} and (u.password_hash is not null or u.phone is not null))`,
          ),
        )
        .returning({ id: oauthIdentities.id });
      return removed.length > 0;
    },

    // Email binding links

    /** Stores a new link for the account, replacing its earlier ones (only the latest works). */
    async replaceEmailLink(
      tenantId: number,
      link: { id: string; userId: number; email: string; expiresAt: Date; now: Date },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(emailLinks).where(and(eq(emailLinks.tenantId, tenantId), eq(emailLinks.userId, link.userId)));
        await tx.insert(emailLinks).values({ tenantId, ...link, createdAt: link.now });
      });
    },

    async removeEmailLink(tenantId: number, id: string): Promise<void> {
      await db.delete(emailLinks).where(and(eq(emailLinks.tenantId, tenantId), eq(emailLinks.id, id)));
    },

    async findEmailLink(tenantId: number, id: string) {
      const [row] = await db
        .select()
        .from(emailLinks)
        .where(and(eq(emailLinks.tenantId, tenantId), eq(emailLinks.id, id)));
      return row ?? null;
    },

    /**
     * Uses the link and binds its address in one transaction: the link is claimed only while
     * unused and alive, so two openings bind once. Null when it was no longer usable.
     */
    useEmailLink(tenantId: number, id: string, now: Date): Promise<WriteResult<{ email: string } | null>> {
      return guarded(() =>
        db.transaction(async (tx) => {
          const [link] = await tx
            .update(emailLinks)
            .set({ consumedAt: now })
            .where(
              and(
                eq(emailLinks.tenantId, tenantId),
                eq(emailLinks.id, id),
                isNull(emailLinks.consumedAt),
                gt(emailLinks.expiresAt, now),
              ),
            )
            .returning({ userId: emailLinks.userId, email: emailLinks.email });
          if (!link) return null;
          await tx
            .update(users)
            .set({ email: link.email, updatedAt: sql`now()` })
            .where(and(eq(users.tenantId, tenantId), eq(users.id, link.userId)));
          return { email: link.email };
        }),
      );
    },

    async clearEmail(tenantId: number, userId: number): Promise<void> {
      await db
        .update(users)
        .set({ email: null, updatedAt: sql`now()` })
        .where(and(eq(users.tenantId, tenantId), eq(users.id, userId)));
    },

    // One-time tickets (two-step password reset)

    async createTicket(
      tenantId: number,
      ticket: { id: string; userId: number; purpose: 'resetPassword'; expiresAt: Date; now: Date },
    ): Promise<void> {
      await db.transaction(async (tx) => {
        // Tidy this school's spent tickets while we are here.
        await tx
          .delete(accountTickets)
          .where(and(eq(accountTickets.tenantId, tenantId), lte(accountTickets.expiresAt, ticket.now)));
        await tx.insert(accountTickets).values({
          id: ticket.id,
          tenantId,
          userId: ticket.userId,
          purpose: ticket.purpose,
          expiresAt: ticket.expiresAt,
          createdAt: ticket.now,
        });
      });
    },

    /**
     * Uses a live reset ticket: sets the password and ends every session of its account, in
     * one transaction. Answers the account id, or null for a used, expired or unknown ticket.
     */
    async resetPasswordWithTicket(tenantId: number, ticketId: string, passwordHash: string, now: Date) {
      return db.transaction(async (tx) => {
        const [ticket] = await tx
          .update(accountTickets)
          .set({ consumedAt: now })
          .where(
            and(
              eq(accountTickets.tenantId, tenantId),
              eq(accountTickets.id, ticketId),
              eq(accountTickets.purpose, 'resetPassword'),
              isNull(accountTickets.consumedAt),
              gt(accountTickets.expiresAt, now),
            ),
          )
          .returning({ userId: accountTickets.userId });
        if (!ticket) return null;
        await tx
          .update(users)
          .set({ passwordHash, passwordOneTime: false, updatedAt: sql`now()` })
          .where(and(eq(users.tenantId, tenantId), eq(users.id, ticket.userId)));
        await tx.delete(sessions).where(and(eq(sessions.tenantId, tenantId), eq(sessions.userId, ticket.userId)));
        return ticket.userId;
      });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
