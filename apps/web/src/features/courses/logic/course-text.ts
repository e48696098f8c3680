import type { Validity } from '@school/contract/courses';
import type { CouponHint } from '@school/contract/catalogue';
import type { Locale, MediaType, LearningStatus } from '@school/contract/enums';
import { formatDiscount, isoDate } from '../../../lib/format';

/** A message id with its values, translated where it is shown. */
export interface Text {
  id: 'courses.validity.unlimited' | 'courses.validity.longTerm' | 'courses.validity.days' | 'courses.validity.endDate';
  values: Record<string, string | number>;
}

/** The four kinds of study validity (docs/product.md#enumerations) as the learner reads them. */
export function validityText(validity: Validity): Text {
  switch (validity.kind) {
    case 'UNLIMITED':
      return { id: 'courses.validity.unlimited', values: {} };
    case 'LONG_TERM':
      return { id: 'courses.validity.longTerm', values: {} };
    case 'DAYS':
      return { id: 'courses.validity.days', values: { days: validity.days } };
    case 'END_DATE':
      return { id: 'courses.validity.endDate', values: { date: isoDate(new Date(validity.endDate)) } };
  }
}

/** The coupon's saving: "8.5折" in Chinese, "15% off" in English. */
export function couponDiscount(coupon: CouponHint, locale: Locale): string {
  return formatDiscount(coupon.discount, locale);
}

/** A label for every media type a lesson can have. */
export const mediaTypeMessageIds = {
  VIDEO: 'courses.media.VIDEO',
  AUDIO: 'courses.media.AUDIO',
  PPT: 'courses.media.PPT',
  HTML: 'courses.media.HTML',
  DOC: 'courses.media.DOC',
  PDF: 'courses.media.PDF',
  OTHER: 'courses.media.OTHER',
  ACTIVITY: 'courses.media.ACTIVITY',
  EXAM: 'courses.media.EXAM',
  LIVE: 'courses.media.LIVE',
  LIVE_NOW: 'courses.media.LIVE_NOW',
  LIVE_COMPLETED: 'courses.media.LIVE_COMPLETED',
  LIVE_RECODE: 'courses.media.LIVE_RECODE',
  LAB: 'courses.media.LAB',
} as const satisfies Record<MediaType, `courses.media.${MediaType}`>;

export const learningStatusMessageIds = {
  NOT_STARTED: 'courses.learning.NOT_STARTED',
  LEARNING: 'courses.learning.LEARNING',
  COMPLETED: 'courses.learning.COMPLETED',
} as const satisfies Record<LearningStatus, string>;

/** A download's size: "512 B", "3.4 KB", "12.5 MB". */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'] as const;
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size >= 100 ? Math.round(size) : Math.round(size * 10) / 10} ${units[unit]}`;
}
