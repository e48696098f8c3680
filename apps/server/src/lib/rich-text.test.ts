import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from './rich-text.js';

describe('sanitizeRichText', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    const out = sanitizeRichText(
      '<h2>标题</h2><p onclick="x()">正文<script>alert(1)</script><a href="javascript:alert(1)">a</a></p>' +
        '<img src="/x.png" onerror="y()">',
    );
    expect(out).toContain('<h2>标题</h2>');
    expect(out).not.toMatch(/script|onclick|onerror|javascript:/);
  });

  it('opens links in a new tab without an opener and lazy-loads images', () => {
    expect(sanitizeRichText('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer" target="_blank">x</a>',
    );
    expect(sanitizeRichText('<img src="/mobile/seed/a.svg" alt="a">')).toBe(
      '<img src="/mobile/seed/a.svg" alt="a" loading="lazy" />',
    );
  });
});
