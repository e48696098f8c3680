import { mediaTypes } from '@school/contract/enums';
import { describe, expect, it } from 'vitest';
import { allMessages } from '../../../app/messages/registry/all-messages';
import { cn } from '../messages/core-cn';
import { en } from '../messages/core-en';
import {
  couponDiscount,
  formatFileSize,
  learningStatusMessageIds,
  mediaTypeMessageIds,
  validityText,
} from './course-text';

describe('validityText', () => {
  it('names each of the four kinds, with its days or end date', () => {
    expect(validityText({ kind: 'UNLIMITED' })).toEqual({ id: 'courses.validity.unlimited', values: {} });
    expect(validityText({ kind: 'LONG_TERM' })).toEqual({ id: 'courses.validity.longTerm', values: {} });
    expect(validityText({ kind: 'DAYS', days: 365 })).toEqual({ id: 'courses.validity.days', values: { days: 365 } });
    // Noon UTC is the same calendar day in every time zone a school is likely to be in.
    expect(validityText({ kind: 'END_DATE', endDate: '2026-12-31T12:00:00Z' })).toEqual({
      id: 'courses.validity.endDate',
      values: { date: '2026-12-31' },
    });
  });

  it('words open-ended access as the learning centre does, in both languages', () => {
    // One promise, one wording: the course page, the order and the learning centre name it alike.
    for (const locale of ['en', 'cn'] as const) {
      expect(allMessages[locale]['learning.course.noTimeLimit']).toBe(allMessages[locale]['courses.validity.longTerm']);
    }
    expect(en['courses.validity.longTerm']).toBe('Long-term access');
    expect(cn['courses.validity.longTerm']).toBe('长期有效');
  });

  it('has texts using those values in both languages', () => {
    expect(en['courses.validity.days']).toContain('{{days}}');
    expect(cn['courses.validity.days']).toContain('{{days}}');
    expect(en['courses.validity.endDate']).toContain('{{date}}');
    expect(cn['courses.validity.endDate']).toContain('{{date}}');
  });
});

describe('couponDiscount', () => {
  it('reads tenths as 折 in Chinese and as the saving in English', () => {
    expect(couponDiscount({ title: 'New learner', discount: 8.5 }, 'cn')).toBe('8.5折');
    expect(couponDiscount({ title: 'New learner', discount: 8.5 }, 'en')).toBe('15% off');
    expect(couponDiscount({ title: 'Half', discount: 5 }, 'cn')).toBe('5折');
    expect(couponDiscount({ title: 'Half', discount: 5 }, 'en')).toBe('50% off');
  });
});

describe('lesson labels', () => {
  it('name every media type and learning status in both languages', () => {
    for (const type of mediaTypes) {
      const id = mediaTypeMessageIds[type];
      expect(en[id], type).toBeTruthy();
      expect(cn[id], type).toBeTruthy();
    }
    for (const id of Object.values(learningStatusMessageIds)) {
      expect(en[id]).toBeTruthy();
      expect(cn[id]).toBeTruthy();
    }
  });
});

describe('formatFileSize', () => {
  it('picks the unit and keeps one decimal under 100', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(1023)).toBe('1023 B');
    expect(formatFileSize(1024)).toBe('1 KB');
    expect(formatFileSize(3_500)).toBe('3.4 KB');
    expect(formatFileSize(150 * 1024)).toBe('150 KB');
    expect(formatFileSize(12.5 * 1024 * 1024)).toBe('12.5 MB');
    expect(formatFileSize(3 * 1024 ** 4)).toBe('3072 GB');
  });
});
