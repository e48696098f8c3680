import { articleTabs } from '@school/contract/articles';
import { describe, expect, it } from 'vitest';
import { articleTabOrder, readArticleTab } from './article-tab';

describe('readArticleTab', () => {
  it('reads every tab the API knows', () => {
    expect([...articleTabOrder].sort()).toEqual([...articleTabs].sort());
    for (const tab of articleTabs) expect(readArticleTab(tab)).toBe(tab);
  });

  it('falls back to latest for a missing or unknown tab', () => {
    expect(readArticleTab(null)).toBe('latest');
    expect(readArticleTab('Popular')).toBe('latest');
    expect(readArticleTab('')).toBe('latest');
  });
});
