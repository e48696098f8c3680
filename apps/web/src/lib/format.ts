import type { Currency, Locale } from '@school/contract/enums';

/**
 * Display formats of docs/product.md#formats. The phrases live here rather than in the message catalogues
 * because they are grammar (number placement, plural-free units), tested per locale.
 *
 * Units: English uses the short d/h/m/s; Chinese uses 天/时/分/秒, since Latin unit letters
 * read as foreign in a Chinese sentence (the same choice the platform's other clients make).
 */
const second = 1000;
const minute = 60 * second;
const hour = 60 * minute;
const day = 24 * hour;

type Unit = 'd' | 'h' | 'm' | 's';

const phrases = {
  en: {
    justNow: 'just now',
    past: (n: number, unit: Unit) => `${n}${unit} ago`,
    future: (n: number, unit: Unit) => `in ${n}${unit}`,
    unit: { d: 'd', h: 'h', m: 'm', s: 's' } as Record<Unit, string>,
    durationJoin: ' ',
    free: 'Free',
  },
  cn: {
    justNow: '刚刚',
    past: (n: number, unit: Unit) => `${n}${{ d: '天', h: '小时', m: '分钟', s: '秒' }[unit]}前`,
    future: (n: number, unit: Unit) => `${n}${{ d: '天', h: '小时', m: '分钟', s: '秒' }[unit]}后`,
    unit: { d: '天', h: '时', m: '分', s: '秒' } as Record<Unit, string>,
    durationJoin: '',
    free: '免费',
  },
} as const;

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** YYYY-MM-DD in the learner's time zone. */
export function isoDate(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD HH:mm in the learner's time zone: start times and enrolment windows. */
export function isoDateMinutes(value: Date | string | number): string {
  const date = value instanceof Date ? value : new Date(value);
  return `${isoDate(date)} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/**
 * "just now" under 1 s, then seconds under 1 min, minutes under 1 h, hours under 1 day, days
 * under 30 days, then the date. Future times read "in 5m" / "5分钟后".
 */
export function formatRelativeTime(
  value: Date | string | number,
  locale: Locale,
  now: Date | number = Date.now(),
): string {
  const date = value instanceof Date ? value : new Date(value);
  const diff = (now instanceof Date ? now.getTime() : now) - date.getTime();
  const distance = Math.abs(diff);
  const p = phrases[locale];
  if (distance < second) return p.justNow;
  if (distance >= 30 * day) return isoDate(date);
  const [n, unit]: [number, Unit] =
    distance < minute
      ? [Math.floor(distance / second), 's']
      : distance < hour
        ? [Math.floor(distance / minute), 'm']
        : distance < day
          ? [Math.floor(distance / hour), 'h']
          : [Math.floor(distance / day), 'd'];
  return diff > 0 ? p.past(n, unit) : p.future(n, unit);
}

/** A duration in short units, largest first, zero units left out: "1d 2h 5s" / "1天2时5秒". */
export function formatDuration(totalSeconds: number, locale: Locale): string {
  const p = phrases[locale];
  let rest = Math.max(0, Math.floor(totalSeconds));
  const parts: string[] = [];
  for (const [unit, size] of [
    ['d', 86400],
    ['h', 3600],
    ['m', 60],
    ['s', 1],
  ] as const) {
    const n = Math.floor(rest / size);
    rest -= n * size;
    if (n > 0) parts.push(`${n}${p.unit[unit]}`);
  }
  return parts.length ? parts.join(p.durationJoin) : `0${p.unit.s}`;
}

const currencySymbols: Record<Currency, string> = { USD: '$', CNY: '¥' };

/**
 * Whole cents as 1,234,567.89. By hand rather than Intl.NumberFormat: a page's first Intl
 * formatter loads ICU's number data, 15-20 ms on a desktop and four times that on a slow phone,
 * in the task that starts the screens showing a price.
 */
function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const units = String(Math.floor(whole / 100)).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${units}.${String(whole % 100).padStart(2, '0')}`;
}

/** Money arrives in integer cents; 0 is shown as the free label. */
export function formatPrice(cents: number, currency: Currency, locale: Locale): string {
  if (cents === 0) return phrases[locale].free;
  const sign = cents < 0 ? '-' : '';
  return `${sign}${currencySymbols[currency]}${formatCents(Math.abs(cents))}`;
}

/**
 * Coupon discount given in tenths of the price paid (8.5 = pay 85 %). Chinese readers know
 * the 折 form ("8.5折"); English reads the saving: (10 − tenths) × 10 % off ("15% off").
 */
export function formatDiscount(tenths: number, locale: Locale): string {
  const round1 = (n: number) => Math.round(n * 10) / 10;
  if (locale === 'cn') return `${round1(tenths)}折`;
  return `${round1((10 - tenths) * 10)}% off`;
}

/** A media time as a clock reads: 1:05, 12:00, 1:02:03. */
export function formatClock(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}
