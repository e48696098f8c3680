import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Answered even while the process is overloaded (health and readiness). */
    whileUnderPressure?: boolean;
  }
}

/** Seconds a client is told to wait before trying again. */
export const pressureRetryAfterSeconds = 5;

/**
 * An overloaded process answers 503 `serviceUnavailable` with Retry-After at once instead of
 * queueing requests it will answer too late (the balancer tries another process for a GET; the
 * app's journals retry writes). Overloaded means its event loop fell behind by more than
 * `maxEventLoopDelayMs` on average over the last half second (MAX_EVENT_LOOP_DELAY_MS; 0: never).
 */
export async function registerPressureRelief(
  app: FastifyInstance,
  { maxEventLoopDelayMs, sampleIntervalMs = 500 }: { maxEventLoopDelayMs: number; sampleIntervalMs?: number },
): Promise<void> {
  if (maxEventLoopDelayMs === 0) return;
  await app.register(underPressure, {
    maxEventLoopDelay: maxEventLoopDelayMs,
    sampleInterval: sampleIntervalMs,
    pressureHandler: async (request) => {
      if (request.routeOptions.config.whileUnderPressure) return;
      throw new AppError('serviceUnavailable', { headers: { 'retry-after': String(pressureRetryAfterSeconds) } });
    },
  });
}
