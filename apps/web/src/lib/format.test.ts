import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatDiscount,
  formatDuration,
  formatPrice,
  formatRelativeTime,
  isoDate,
  isoDateMinutes,
} from './format';

const now = new Date(2025, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => now - ms;
const s = 1000;
const m = 60 * s;
const h = 60 * m;
const d = 24 * h;

describe('formatRelativeTime', () => {
  it.each([
    [0, 'just now', '刚刚'],
    [999, 'just now', '刚刚'],
    [s, '1s ago', '1秒前'],
    [59 * s + 999, '59s ago', '59秒前'],
    [m, '1m ago', '1分钟前'],
    [h - 1, '59m ago', '59分钟前'],
    [h, '1h ago', '1小时前'],
    [d - 1, '23h ago', '23小时前'],
    [d, '1d ago', '1天前'],
    [30 * d - 1, '29d ago', '29天前'],
  ])('%i ms ago → %s / %s', (ms, en, cn) => {
    expect(formatRelativeTime(ago(ms), 'en', now)).toBe(en);
    expect(formatRelativeTime(ago(ms), 'cn', now)).toBe(cn);
  });

  it('shows the date from 30 days on, past and future', () => {
    expect(formatRelativeTime(ago(30 * d), 'en', now)).toBe(isoDate(new Date(ago(30 * d))));
    expect(formatRelativeTime(new Date(2025, 0, 5, 8), 'cn', now)).toBe('2025-01-05');
    expect(formatRelativeTime(now + 30 * d, 'en', now)).toBe('2025-07-15');
  });

  it.each([
    [500, 'just now', '刚刚'],
    [s, 'in 1s', '1秒后'],
    [5 * m, 'in 5m', '5分钟后'],
    [h, 'in 1h', '1小时后'],
    [d, 'in 1d', '1天后'],
    [29 * d, 'in 29d', '29天后'],
  ])('%i ms ahead → %s / %s', (ms, en, cn) => {
    expect(formatRelativeTime(now + ms, 'en', now)).toBe(en);
    expect(formatRelativeTime(now + ms, 'cn', now)).toBe(cn);
  });

  it('accepts ISO strings', () => {
    expect(formatRelativeTime(new Date(ago(2 * h)).toISOString(), 'en', now)).toBe('2h ago');
  });
});

describe('formatDuration', () => {
  it('uses short units and leaves zero units out', () => {
    expect(formatDuration(0, 'en')).toBe('0s');
    expect(formatDuration(59, 'en')).toBe('59s');
    expect(formatDuration(60, 'en')).toBe('1m');
    expect(formatDuration(3600 + 5, 'en')).toBe('1h 5s');
    expect(formatDuration(86400 + 2 * 3600 + 3 * 60 + 4, 'en')).toBe('1d 2h 3m 4s');
    expect(formatDuration(86400 + 2 * 3600 + 3 * 60 + 4, 'cn')).toBe('1天2时3分4秒');
    expect(formatDuration(-5, 'cn')).toBe('0秒');
  });
});

describe('formatPrice', () => {
  it('shows the free label for 0', () => {
    expect(formatPrice(0, 'CNY', 'cn')).toBe('免费');
    expect(formatPrice(0, 'USD', 'en')).toBe('Free');
  });
  it('shows cents as an amount with the currency symbol', () => {
    expect(formatPrice(1, 'USD', 'en')).toBe('$0.01');
    expect(formatPrice(9900, 'CNY', 'cn')).toBe('¥99.00');
    expect(formatPrice(123456789, 'CNY', 'en')).toBe('¥1,234,567.89');
    expect(formatPrice(100000, 'CNY', 'cn')).toBe('¥1,000.00');
    expect(formatPrice(99999, 'USD', 'en')).toBe('$999.99');
    expect(formatPrice(-500, 'USD', 'en')).toBe('-$5.00');
  });
});

describe('formatDiscount', () => {
  it('shows tenths × 10 % off in English and 折 in Chinese', () => {
    expect(formatDiscount(8.5, 'en')).toBe('15% off');
    expect(formatDiscount(8.5, 'cn')).toBe('8.5折');
    expect(formatDiscount(8.8, 'en')).toBe('12% off');
    expect(formatDiscount(9, 'en')).toBe('10% off');
    expect(formatDiscount(0.5, 'en')).toBe('95% off');
    expect(formatDiscount(7.75, 'en')).toBe('22.5% off');
  });
});

describe('isoDateMinutes', () => {
  it('prints the local date and time to the minute', () => {
    expect(isoDateMinutes(new Date(2025, 0, 5, 8, 7, 59))).toBe('2025-01-05 08:07');
    expect(isoDateMinutes(new Date(2025, 11, 31, 23, 59).getTime())).toBe('2025-12-31 23:59');
  });
});

describe('formatClock', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [65, '1:05'],
    [725, '12:05'],
    [3723, '1:02:03'],
    [-3, '0:00'],
    [9.9, '0:09'],
  ])('%d s reads %s', (seconds, text) => {
    expect(formatClock(seconds)).toBe(text);
  });
});
