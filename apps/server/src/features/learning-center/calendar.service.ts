import { createHash, randomBytes } from 'node:crypto';
import type { CalendarFeedState } from '@school/contract/calendar';
import { AppError } from '../../lib/app-error.js';
import type { Clock } from '../../providers/clock.js';
import type { CalendarFeedRepository } from './calendar-feed.repository.js';
import { calendarFile, type CalendarSite } from './calendar-file.js';
import type { Learner, LearningCenterService } from './learning-center.service.js';

/*
 * "Add to calendar" (docs/decisions/025-calendar-feed.md): one schedule item as a file, and the
 * learner's feed. The feed's URL carries a random token the server never keeps: only its
 * SHA-256 is stored, looked up by hash, so the database alone opens no feed.
 */

const dayMs = 24 * 60 * 60 * 1000;
/** What a file and the feed hold: a month back (a calendar keeps what just happened) to 90 days ahead (the schedule's longest span). */
const daysBack = 30;
const daysAhead = 90;
/** How often a calendar app is asked to read the feed again, and how long a copy may be kept. */
export const feedRefreshSeconds = 15 * 60;

/** 32 random bytes in URL-safe base64: 43 characters. */
const tokenShape = /^[A-Za-z0-9_-]{43}$/;
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

export function createCalendarService(deps: {
  feeds: CalendarFeedRepository;
  learningCenter: Pick<LearningCenterService, 'scheduleBetween'>;
  clock: Clock;
}) {
  const { feeds, learningCenter, clock } = deps;

  function eventsOf(learner: Learner, now: Date) {
    return learningCenter.scheduleBetween(
      learner,
      new Date(now.getTime() - daysBack * dayMs),
      new Date(now.getTime() + daysAhead * dayMs),
    );
  }

  return {
    /** One item of the learner's schedule as a calendar file; an id that is not theirs (or not now) is `notFound`. */
    async itemFile(learner: Learner, itemId: string, site: CalendarSite): Promise<string> {
      const now = clock.now();
      const event = (await eventsOf(learner, now)).find((candidate) => candidate.id === itemId);
      if (event === undefined) throw new AppError('notFound');
      return calendarFile([event], { site, locale: learner.locale, now });
    },

    async feedState(learner: Learner): Promise<CalendarFeedState> {
      const createdAt = await feeds.createdAt(learner);
      return { on: createdAt !== null, createdAt: createdAt?.toISOString() ?? null };
    },

    /** Turns the feed on, or gives it a new token (the old URL stops); the token is answered once, never stored. */
    async newFeedToken(learner: Learner): Promise<{ token: string; createdAt: Date }> {
      const token = randomBytes(32).toString('base64url');
      const createdAt = clock.now();
      await feeds.replace(learner, hashOf(token), learner.locale, createdAt);
      return { token, createdAt };
    },

    turnFeedOff: (learner: Learner) => feeds.remove(learner),

    /** The feed a token opens in this school, in the language it was made in; `notFound` for any other token. */
    async feedFile(tenantId: number, token: string, site: CalendarSite): Promise<string> {
      const owner = tokenShape.test(token) ? await feeds.ownerOf(tenantId, hashOf(token)) : null;
      if (owner === null) throw new AppError('notFound');
      const learner = { tenantId, userId: owner.userId, locale: owner.locale };
      const now = clock.now();
      return calendarFile(await eventsOf(learner, now), {
        site,
        locale: owner.locale,
        now,
        refreshSeconds: feedRefreshSeconds,
      });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
