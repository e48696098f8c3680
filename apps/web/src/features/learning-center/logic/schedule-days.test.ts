import type { ScheduleItem } from '@school/contract/schedule';
import { describe, expect, it } from 'vitest';
import { scheduleDaysOf } from './schedule-days';

const item = (id: string, at: Date): ScheduleItem => ({
  id,
  kind: 'LIVE_STARTS',
  at: at.toISOString(),
  title: id,
  course: null,
  link: `/lessons/${id}`,
});

describe('scheduleDaysOf', () => {
  it("groups by the phone's calendar day from its today, in the server's order", () => {
    // Local times: the test runs in the machine's time zone, as the app does on the phone.
    const now = new Date(2026, 10, 28, 15, 0);
    const days = scheduleDaysOf(
      [
        item('yesterday', new Date(2026, 10, 27, 20, 0)),
        item('this-morning', new Date(2026, 10, 28, 9, 0)),
        item('tonight', new Date(2026, 10, 28, 23, 59)),
        item('tomorrow', new Date(2026, 10, 29, 0, 0)),
        item('next-week', new Date(2026, 11, 5, 10, 0)),
      ],
      now,
    );
    expect(days.map((day) => [day.date, day.items.map((i) => i.id)])).toEqual([
      ['2026-11-28', ['this-morning', 'tonight']],
      ['2026-11-29', ['tomorrow']],
      ['2026-12-05', ['next-week']],
    ]);
  });

  it('has no day for an empty schedule', () => {
    expect(scheduleDaysOf([], new Date())).toEqual([]);
  });
});
