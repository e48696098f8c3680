import { describe, expect, it } from 'vitest';
import { plainExcerpt } from './search.service.js';

describe('plainExcerpt', () => {
  it('keeps the text of rich text, a space between blocks, entities decoded', () => {
    expect(plainExcerpt('<p>Live Q&amp;A &lt;weekly&gt;</p><p>Bring "notes" &amp; it\'s fine.</p>')).toBe(
      'Live Q&A <weekly> Bring "notes" & it\'s fine.',
    );
    expect(plainExcerpt('<ol><li>第 1 周</li><li>第 2 周</li></ol>')).toBe('第 1 周 第 2 周');
  });

  it('drops scripts and styles with their contents', () => {
    expect(plainExcerpt('<p>Hi<script>alert(1)</script><style>p{}</style></p><img src=x onerror=alert(2)>')).toBe('Hi');
  });

  it('cuts long text at a whole character with an ellipsis', () => {
    expect(plainExcerpt('<p>一二三四五六</p>', 5)).toBe('一二三四…');
    expect(plainExcerpt('<p>一二三四五</p>', 5)).toBe('一二三四五');
    expect(plainExcerpt('😀😀😀😀😀😀', 3)).toBe('😀😀…');
    expect(plainExcerpt('')).toBe('');
    expect(plainExcerpt('<p>Finish every course to earn a certificate.</p>', 30)).toBe(
      'Finish every course to earn a…',
    );
    expect(plainExcerpt('<p>Supercalifragilisticexpialidocious</p>', 10)).toBe('Supercali…');
  });
});
