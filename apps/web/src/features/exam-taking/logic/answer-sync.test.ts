import 'fake-indexeddb/auto';
import type { GivenAnswer, SavedAnswer } from '@school/contract/exam-taking';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/api-error';
import { indexedDbAnswerJournal, memoryAnswerJournal, type AnswerJournal } from './answer-journal';
import { createAnswerSync, type AnswerSyncDeps, type SaveStatus } from './answer-sync';

const choice = (...keys: string[]): GivenAnswer => ({ kind: 'CHOICE', keys });
const offline = new ApiError(null, 0);

function setup(journal: AnswerJournal = memoryAnswerJournal(), over: Partial<AnswerSyncDeps> = {}) {
  const requests: Array<{ saves: SavedAnswer[]; keepalive: boolean }> = [];
  let failWith: unknown = null;
  const send = vi.fn<AnswerSyncDeps['send']>(async (_id, saves, { keepalive }) => {
    if (failWith) throw failWith;
    requests.push({ saves: structuredClone(saves), keepalive });
    return { saved: saves.map(({ questionId, seq }) => ({ questionId, seq })) };
  });
  const sync = createAnswerSync({ attemptId: 7, journal, send, ...over });
  const statuses: SaveStatus[] = [];
  sync.subscribe((status) => statuses.push(status));
  return {
    sync,
    journal,
    requests,
    send,
    statuses,
    fail: (e: unknown) => (failWith = e),
    recover: () => (failWith = null),
  };
}

describe('answer sync', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('journals each change at once and sends the changes together within 2 s, in seq order', async () => {
    const { sync, journal, requests, statuses } = setup();
    await sync.open([]);
    sync.change(1, choice('A'), false);
    sync.change(2, choice('B', 'C'), true);
    await sync.written();
    expect((await journal.load(7))?.answers[2]).toEqual({
      questionId: 2,
      answer: choice('B', 'C'),
      seq: 2,
      flagged: true,
    });
    expect(requests).toEqual([]);
    expect(sync.status()).toBe('saving');

    await vi.advanceTimersByTimeAsync(1999);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests).toHaveLength(1);
    expect(requests[0]!.saves.map((s) => [s.questionId, s.seq])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(sync.status()).toBe('saved');
    expect(statuses).toEqual(['saving', 'saved']);
  });

  it('sends at once, with keepalive, when the page is hidden', async () => {
    const { sync, requests } = setup();
    await sync.open([]);
    sync.change(3, { kind: 'TEXT', text: 'Because', images: [] }, false);
    await sync.flush({ keepalive: true });
    expect(requests).toEqual([{ saves: [expect.objectContaining({ questionId: 3, seq: 1 })], keepalive: true }]);
    // Nothing left for the debounce to send.
    await vi.advanceTimersByTimeAsync(5000);
    expect(requests).toHaveLength(1);
  });

  it('splits what it sends on hide into requests a browser accepts as keepalive', async () => {
    const { sync, requests } = setup();
    await sync.open([]);
    const long = 'x'.repeat(4000);
    for (let id = 1; id <= 20; id += 1) sync.change(id, { kind: 'TEXT', text: long, images: [] }, false);
    await sync.flush({ keepalive: true });
    expect(requests.length).toBeGreaterThan(1);
    expect(requests.every((r) => r.keepalive && JSON.stringify({ saves: r.saves }).length < 64_000)).toBe(true);
    expect(requests.flatMap((r) => r.saves.map((s) => s.seq))).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('keeps failed saves queued, says so, and replays them in order when back online', async () => {
    const { sync, requests, fail, recover } = setup();
    await sync.open([]);
    fail(offline);
    sync.change(1, choice('A'), false);
    sync.change(2, choice('B'), false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sync.status()).toBe('offline');
    sync.change(1, choice('D'), false);
    sync.change(3, choice('C'), false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(requests).toEqual([]);

    recover();
    await sync.flush();
    expect(requests).toHaveLength(1);
    expect(requests[0]!.saves.map((s) => [s.questionId, s.seq, s.answer])).toEqual([
      [2, 2, choice('B')],
      [1, 3, choice('D')],
      [3, 4, choice('C')],
    ]);
    expect(sync.status()).toBe('saved');
  });

  it('waits out too many saves (429) without losing an answer: queued, still saving, sent with the next retry', async () => {
    const { sync, journal, requests, fail, recover } = setup();
    await sync.open([]);
    const throttled = new ApiError('tooManyRequests', 429);
    fail(throttled);
    sync.change(1, choice('A'), false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sync.status()).toBe('saving');
    expect(sync.unsentError()).toBe(throttled);
    expect((await journal.load(7))?.answers[1]?.answer).toEqual(choice('A'));

    recover();
    await vi.advanceTimersByTimeAsync(9_999);
    expect(requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(requests.map((r) => r.saves.map((s) => [s.questionId, s.seq, s.answer]))).toEqual([[[1, 1, choice('A')]]]);
    expect(sync.status()).toBe('saved');
    expect(sync.unsentError()).toBeNull();
  });

  it('merges the journal over the server by seq after a reload, re-sends what the server lacks and counts on from both', async () => {
    // IndexedDB (fake-indexeddb) runs on the real timers.
    vi.useRealTimers();
    const journal = indexedDbAnswerJournal('test-exam-answers', 'attempts');
    const first = setup(journal);
    await first.sync.open([]);
    first.fail(offline);
    first.sync.change(1, choice('B'), false); // seq 1, never arrived
    first.sync.change(2, choice('A'), true); // seq 2, never arrived
    await first.sync.flush();
    await first.sync.written();
    first.sync.dispose();

    // Page reloaded: the server has an older answer to 1 and a newer one to 2 (another device).
    const second = setup(journal);
    const merged = await second.sync.open([
      { questionId: 1, answer: choice('C'), seq: 0, flagged: false },
      { questionId: 2, answer: choice('D'), seq: 9, flagged: false },
    ]);
    expect(merged[1]?.answer).toEqual(choice('B'));
    expect(merged[2]?.answer).toEqual(choice('D'));
    await vi.waitFor(() => expect(second.sync.status()).toBe('saved'));
    expect(second.requests.map((r) => r.saves.map((s) => [s.questionId, s.seq]))).toEqual([[[1, 1]]]);
    expect(second.sync.change(3, choice('A'), false).seq).toBe(10);
    await journal.remove(7);
  });

  it('stops sending once the server says the exam has ended', async () => {
    const { sync, send, fail, recover } = setup();
    await sync.open([]);
    fail(new ApiError('examHasEnded', 403));
    sync.change(1, choice('A'), false);
    await vi.advanceTimersByTimeAsync(2000);
    expect(sync.status()).toBe('ended');
    recover();
    sync.change(2, choice('A'), false);
    await sync.flush();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
