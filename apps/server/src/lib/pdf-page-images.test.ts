import { describe, expect, it } from 'vitest';
import { pageText } from './pdf-page-images.js';

/** A page whose text content pdf.js gives as these runs (`\n` at the end: the line ends there). */
const pageOf = (...runs: string[]) => ({
  getTextContent: async () => ({
    items: runs.map((run) =>
      run.endsWith('\n') ? { str: run.slice(0, -1), hasEOL: true } : { str: run, hasEOL: false },
    ),
  }),
});

describe('pageText', () => {
  it('keeps lines, and a space between runs that would otherwise run together', async () => {
    expect(
      await pageText(pageOf('Lesson handout\n', '1', 'Getting started\n', 'Watch each ', 'video', ' once.\n')),
    ).toBe('Lesson handout\n1 Getting started\nWatch each video once.');
  });

  it('joins runs of Chinese without spaces, and gives radicals drawn for characters back as the characters', async () => {
    // 入门 and 页面 as some Chinese fonts give them: Kangxi and simplified radicals, each a run of its own.
    expect(
      await pageText(pageOf('JavaScript 零基础', '\u2F0A', '\u2ED4\n', '最常', '\u2F64', '的', '\u2EDA', '\u2FAF\n')),
    ).toBe('JavaScript 零基础入门\n最常用的页面');
  });

  it('is empty for a page without text (a scan)', async () => {
    expect(await pageText(pageOf())).toBe('');
  });
});
