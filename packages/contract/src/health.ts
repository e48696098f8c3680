import { z } from 'zod';

/*
 * What a process answers its operators (docs/deploy.md). A module of its own: the web app never
 * asks, so none of it reaches the learner's bundle.
 */

/** GET /healthz and /api/health: the process is up (liveness; it does not touch the database). */
/**
 * Ours, for load balancers and orchestrators (deploy/): alive (`health` the older name, which
 * the start scripts and browser journeys wait for), and ready to serve.
 */
export const operatorPaths = { health: '/api/health', healthz: '/healthz', readyz: '/readyz' } as const;

export const healthSchema = z.object({ ok: z.literal(true) });
export type Health = z.infer<typeof healthSchema>;

/** What GET /readyz found of each thing the process needs to serve; `ok` when all of them are. */
export const readinessSchema = z.object({
  ok: z.boolean(),
  checks: z.object({
    /** A query answered. */
    database: z.enum(['ok', 'unreachable']),
    /** The database's schema is the one this code was written for (`npm run migrate`). */
    migrations: z.enum(['ok', 'behind', 'ahead', 'unknown']),
    /** The learner cache hears the database's notifications of changed rows (or keeps none). */
    notifications: z.enum(['ok', 'lost']),
    /** The media storage answered. */
    storage: z.enum(['ok', 'unreachable']),
    /** The process is not stopping (SIGTERM): a balancer sends it nothing new. */
    process: z.enum(['ok', 'stopping']),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
