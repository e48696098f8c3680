import type { JournalEntry } from './progress-journal';

export interface ProgressReporterOptions {
  lessonId: number;
  courseUid: string;
  userId: number;
  /** The position the server holds (null before the first report): not reported again. */
  knownPosition: number | null;
  submit(entry: JournalEntry): void;
  /** Quiet time before a page turn or a scroll is reported (several turns make one report). */
  debounceMs?: number;
  now?: () => Date;
}

/**
 * Where one learner is in one lesson, and when to tell the server: at once (pause, seek, end,
 * a tap), after a quiet moment (page turns, scrolling), and when the page is hidden or left. A position equal to the last one reported is not sent again.
 */
export class ProgressReporter {
  private lastSent: number | null;
  private here: number | null = null;
  private pending: { position: number; timer: ReturnType<typeof setTimeout> } | null = null;
  private readonly debounceMs: number;
  private readonly now: () => Date;

  constructor(private readonly options: ProgressReporterOptions) {
    this.lastSent = options.knownPosition;
    this.debounceMs = options.debounceMs ?? 1500;
    this.now = options.now ?? (() => new Date());
  }

  /** Where the learner is now, without reporting it (a note stamps it; hiding the page reports it). */
  at(position: number): void {
    this.here = Math.max(0, Math.floor(position));
  }

  get position(): number | null {
    return this.here;
  }

  report(position: number): void {
    this.cancelPending();
    this.at(position);
    const rounded = this.here!;
    if (rounded === this.lastSent) return;
    this.lastSent = rounded;
    const { lessonId, courseUid, userId } = this.options;
    this.options.submit({ userId, lessonId, courseUid, position: rounded, at: this.now().toISOString() });
  }

  reportSoon(position: number): void {
    this.cancelPending();
    this.at(position);
    const soon = this.here!;
    this.pending = { position: soon, timer: setTimeout(() => this.report(soon), this.debounceMs) };
  }

  /** The page is going away or out of sight: what is not yet reported goes now. */
  leave(): void {
    const position = this.pending?.position ?? this.here;
    if (position !== null) this.report(position);
  }

  private cancelPending(): void {
    if (this.pending) clearTimeout(this.pending.timer);
    this.pending = null;
  }
}
