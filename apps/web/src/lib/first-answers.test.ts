import { firstAnswersElementId } from '@school/contract/paths';
import { afterEach, describe, expect, it } from 'vitest';
import { resetFirstAnswers, takeFirstAnswer } from './first-answers';

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
