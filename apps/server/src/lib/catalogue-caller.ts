import type { Currency, Locale } from '@school/contract/enums';
import type { FastifyRequest } from 'fastify';
import { requireUser } from '../plugins/session.js';

/** Who asks a catalogue question: the school (id, currency), the language, and the signed-in user if any. */
export interface CatalogueCaller {
  tenantId: number;
  currency: Currency;
  locale: Locale;
  userId: number | null;
}

/** The signed-in user, or null: public reads answer everyone and add the caller's part. */
export async function optionalUserId(request: FastifyRequest): Promise<number | null> {
  const auth = await request.auth();
  return auth.kind === 'user' ? auth.userId : null;
}

/** The caller without looking at the session: for answers that are the same for everyone. */
export function anonymousCaller(request: FastifyRequest): CatalogueCaller {
  return { tenantId: request.tenant.id, currency: request.tenant.currency, locale: request.locale, userId: null };
}

export async function callerOf(request: FastifyRequest): Promise<CatalogueCaller> {
  return { ...anonymousCaller(request), userId: await optionalUserId(request) };
}

/** The caller, who must be signed in (401/403 otherwise, from requireUser). */
export async function signedInCaller(request: FastifyRequest): Promise<CatalogueCaller & { userId: number }> {
  const { userId } = await requireUser(request);
  return { ...anonymousCaller(request), userId };
}
