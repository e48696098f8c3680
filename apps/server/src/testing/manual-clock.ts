import type { Clock } from '../providers/clock.js';

/** A clock tests move by hand (session idle timeout, rate-limit windows). */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advance(ms: number): void {
    this.current += ms;
  }
}
