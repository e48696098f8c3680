import { describe, expect, it } from 'vitest';
import { contrastRatio, parseHex, readableOn } from './color';

describe('colour contrast', () => {
  it('parses short and long hex', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('38BDF8')).toEqual([56, 189, 248]);
    expect(parseHex('red')).toBeNull();
  });

  it('computes WCAG ratios', () => {
    expect(contrastRatio('#000000', '#FFFFFF')).toBeCloseTo(21, 5);
    // The tab colours of docs/product.md#look are too light for text on white.
    expect(contrastRatio('#38BDF8', '#FFFFFF')).toBeLessThan(4.5);
    expect(contrastRatio('#9EA5BB', '#FFFFFF')).toBeLessThan(4.5);
  });

  it('darkens a colour until text in it is readable, keeping readable colours as they are', () => {
    for (const color of ['#38BDF8', '#9EA5BB', '#FFFF00']) {
      const readable = readableOn(color);
      expect(contrastRatio(readable, '#FFFFFF')).toBeGreaterThanOrEqual(4.5);
      // Not darker than needed: one step lighter would fail.
      expect(contrastRatio(readable, '#FFFFFF')).toBeLessThan(5.2);
    }
    expect(readableOn('#0369a1')).toBe('#0369A1');
    expect(readableOn('not-a-colour')).toBe('not-a-colour');
  });
});
