import type { ScheduleItem } from '@school/contract/schedule';
import { isoDate } from '../../../lib/format';

export interface ScheduleDay {
  /** YYYY-MM-DD on the phone's calendar. */
  date: string;
  items: ScheduleItem[];
}

/**
 * The schedule by day of the phone's own calendar, from the start of its today: the server
 * answers from a day back, so today's earlier events are there wherever the phone is, and the
 * days before today are left out. Items keep the server's order (time, then id).
 */
export function scheduleDaysOf(items: readonly ScheduleItem[], now: Date): ScheduleDay[] {
  const today = isoDate(now);
  const days: ScheduleDay[] = [];
  for (const item of items) {
    const date = isoDate(new Date(item.at));
    if (date < today) continue;
    const last = days.at(-1);
    if (last?.date === date) last.items.push(item);
    else days.push({ date, items: [item] });
  }
  return days;
}
