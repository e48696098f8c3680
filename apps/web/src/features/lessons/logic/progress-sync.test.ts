import 'fake-indexeddb/auto';
import type { LessonProgressResult } from '@school/contract/lessons';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { indexedDbJournal, memoryJournal, type JournalEntry } from './progress-journal';
import { createProgressSync, type ProgressSyncDeps, type SyncEvent } from './progress-sync';

const result: LessonProgressResult = { status: 'LEARNING', position: 1, learnedLessonCount: 0, courseProgress: 0 };
const entry = (position: number, over: Partial<JournalEntry> = {}): JournalEntry => ({
  userId: 1,
  lessonId: 12,
  courseUid: 'c-vue',
  position,
  at: new Date(Date.UTC(2025, 0, 1, 10, 0, position)).toISOString(),
  ...over,
});
const now = Date.UTC(2025, 0, 2);

function setup(over: Partial<ProgressSyncDeps> = {}) {
  const journal = memoryJournal();
  const sent: Array<{ lessonId: number; position: number }> = [];
  let failWith: unknown = null;
  const deps: ProgressSyncDeps = {
    journal,
    send: vi.fn(async (lessonId, report) => {
      if (failWith) throw failWith;
      sent.push({ lessonId, position: report.position });
      return { ...result, position: report.position };
    }),
    currentUserId: () => 1,
    now: () => now,
    ...over,
  };
  const sync = createProgressSync(deps);
  const events: SyncEvent[] = [];
  sync.subscribe((event) => events.push(event));
  return {
    sync,
    journal,
    sent,
    events,
    fail: (error: unknown) => (failWith = error),
    recover: () => (failWith = null),
  };
}

const offline = new ApiError(null, 0);

describe('progress sync', () => {
  it('sends a report and forgets it once the server has it', async () => {
    const { sync, journal, sent, events } = setup();
    await sync.submit(entry(5));
    expect(sent).toEqual([{ lessonId: 12, position: 5 }]);
    expect(await journal.list()).toEqual([]);
    expect(events).toMatchObject([{ kind: 'saved', replayed: false, result: { position: 5 } }]);
  });

  it('keeps what did not arrive and replays it oldest first, stopping at the first failure', async () => {
    const { sync, journal, sent, fail, recover } = setup();
    fail(offline);
    await sync.submit(entry(10));
    await sync.submit(entry(20));
    await sync.submit(entry(30, { lessonId: 13 }));
    expect((await journal.list()).map(([, e]) => e.position)).toEqual([10, 20, 30]);

    // Still offline: nothing is lost by trying.
    await sync.replay();
    expect((await journal.list()).length).toBe(3);

    recover();
    await sync.replay();
    expect(sent.map((s) => s.position)).toEqual([10, 20, 30]);
    expect(await journal.list()).toEqual([]);
  });

  it('sends what was left behind as soon as a later report gets through', async () => {
    const { sync, sent, fail, recover } = setup();
    fail(new ApiError(null, 503));
    await sync.submit(entry(10));
    recover();
    await sync.submit(entry(20));
    expect(sent.map((s) => s.position)).toEqual([20, 10]);
  });

  it('drops a report the server refuses for good, and says so', async () => {
    const { sync, journal, events, fail } = setup();
    fail(new ApiError('lessonLocked', 403));
    await sync.submit(entry(10));
    expect(await journal.list()).toEqual([]);
    expect(events).toMatchObject([{ kind: 'refused', entry: { position: 10 } }]);
  });

  it('keeps a report refused for want of a session, for when the learner signs in again', async () => {
    const { sync, journal, fail } = setup();
    fail(new ApiError('unauthorized', 401));
    await sync.submit(entry(10));
    expect((await journal.list()).length).toBe(1);
  });

  it("replays only the signed-in learner's reports, and drops month-old ones", async () => {
    let userId: number | null = 2;
    const { sync, journal, sent } = setup({ currentUserId: () => userId });
    await journal.add(entry(10, { userId: 1 }));
    await journal.add(entry(20, { userId: 2 }));
    await journal.add(entry(30, { userId: 2, at: new Date(now - 31 * 86_400_000).toISOString() }));
    await sync.replay();
    expect(sent.map((s) => s.position)).toEqual([20]);
    expect((await journal.list()).map(([, e]) => e.position)).toEqual([10]);

    userId = null;
    await sync.replay();
    expect(sent.length).toBe(1);
  });

  it('starts the request before the journal is written', async () => {
    const { sync, sent, journal } = setup();
    const adding = vi.spyOn(journal, 'add');
    const submitting = sync.submit(entry(7));
    // The request went out synchronously, as the page may be gone before anything awaits.
    expect(sent).toEqual([{ lessonId: 12, position: 7 }]);
    await submitting;
    expect(adding).toHaveBeenCalled();
    expect(await journal.list()).toEqual([]);
  });
});

describe('IndexedDB journal', () => {
  it('keeps entries across instances (a reload), in the order they were made', async () => {
    const first = indexedDbJournal('journal-test', 'reports');
    const keyB = await first.add(entry(2));
    await first.add(entry(1, { at: '2024-12-31T23:59:59.000Z' }));
    await first.add(entry(3));

    const reopened = indexedDbJournal('journal-test', 'reports');
    expect((await reopened.list()).map(([, e]) => e.position)).toEqual([1, 2, 3]);
    await reopened.remove(keyB);
    expect((await reopened.list()).map(([, e]) => e.position)).toEqual([1, 3]);
  });

  it('replays reports a browser journaled before the switch to idb-keyval', async () => {
    // As the hand-written helper stored them: version 1, one store, the entry under its key.
    const request = indexedDB.open('journal-earlier', 1);
    request.onupgradeneeded = () => request.result.createObjectStore('reports');
    const db = await new Promise<IDBDatabase>((resolve) => (request.onsuccess = () => resolve(request.result)));
    const write = db.transaction('reports', 'readwrite');
    write.objectStore('reports').put(entry(5), '000001735725605-000001-abcdef');
    await new Promise((resolve) => (write.oncomplete = resolve));
    db.close();

    const journal = indexedDbJournal('journal-earlier', 'reports');
    expect(await journal.list()).toEqual([['000001735725605-000001-abcdef', entry(5)]]);
  });

  it('falls back to memory when the database refuses', async () => {
    const open = vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('blocked', 'SecurityError');
    });
    const journal = indexedDbJournal('journal-refused', 'reports');
    const key = await journal.add(entry(4));
    expect((await journal.list()).map(([, e]) => e.position)).toEqual([4]);
    await journal.remove(key);
    expect(await journal.list()).toEqual([]);
    open.mockRestore();
  });
});
