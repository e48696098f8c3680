import { firstAnswersElementId } from '@school/contract/paths';
import { afterEach, describe, expect, it } from 'vitest';
import { renderedReads, renderedState, resetFirstAnswers, takeFirstAnswer } from './first-answers';

function pageWith(text: string | null): Pick<Document, 'getElementById'> {
  return {
    getElementById: (id: string) =>
      id === firstAnswersElementId && text !== null ? ({ textContent: text } as HTMLElement) : null,
  };
}

afterEach(() => resetFirstAnswers());

describe('takeFirstAnswer', () => {
  const page = pageWith(JSON.stringify({ locale: 'cn', answers: { '/api/system/config': { a: 1 } } }));

  it("gives the page's answer once, in the page's language", () => {
    expect(takeFirstAnswer('/api/system/config', 'cn', page as Document)).toEqual({ a: 1 });
    expect(takeFirstAnswer('/api/system/config', 'cn', page as Document)).toBeUndefined();
    expect(takeFirstAnswer('/api/decorations/tabs/list', 'cn', page as Document)).toBeUndefined();
  });

  it('gives nothing to a learner reading in another language than the page was made in', () => {
    expect(takeFirstAnswer('/api/system/config', 'en', page as Document)).toBeUndefined();
  });

  it('gives nothing when the page carries none', () => {
    expect(takeFirstAnswer('/api/system/config', 'cn', pageWith(null) as Document)).toBeUndefined();
  });
});

describe('renderedState', () => {
  const state = { queries: [{ queryKey: ['courses'], state: { data: [] } }] };
  const rendered = pageWith(
    JSON.stringify({
      locale: 'en',
      answers: {},
      rendered: { state, timeZone: 'Asia/Shanghai', learner: 7, reads: ['/api/courses'] },
    }),
  ) as Document;

  it("gives the server render's answers to a browser in its language and time zone, with its learner signed in", () => {
    expect(renderedState('en', 'Asia/Shanghai', 7, rendered)).toEqual(state);
  });

  it('gives nothing in another language or time zone (the screen would read differently), or without a render', () => {
    expect(renderedState('cn', 'Asia/Shanghai', 7, rendered)).toBeUndefined();
    resetFirstAnswers();
    expect(renderedState('en', 'Europe/Berlin', 7, rendered)).toBeUndefined();
    resetFirstAnswers();
    expect(
      renderedState('en', 'Asia/Shanghai', null, pageWith(JSON.stringify({ locale: 'en', answers: {} })) as Document),
    ).toBeUndefined();
  });

  it('names what the server read, for the offline worker to keep, whoever the browser remembers', () => {
    expect(renderedReads(rendered)).toEqual(['/api/courses']);
    resetFirstAnswers();
    expect(renderedReads(pageWith(JSON.stringify({ locale: 'en', answers: {} })) as Document)).toEqual([]);
  });

  it('gives nothing to a browser that remembers another learner, or none, than the screen was rendered for', () => {
    expect(renderedState('en', 'Asia/Shanghai', 8, rendered)).toBeUndefined();
    resetFirstAnswers();
    expect(renderedState('en', 'Asia/Shanghai', null, rendered)).toBeUndefined();
  });
});
