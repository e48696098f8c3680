import type { CourseDetail, CourseMembership } from '@school/contract/courses';
import { describe, expect, it } from 'vitest';
import { courseAction, isActiveMember, lessonTarget, memberTabAccess } from './course-action';
import { courseTabOf } from './course-tabs';

type Input = Parameters<typeof courseAction>[0];

const member: CourseMembership = {
  joinedAt: '2025-01-01T00:00:00Z',
  expiresAt: null,
  expired: false,
  learningStatus: 'LEARNING',
  progress: 20,
  lastLessonId: null,
};
const free: Input = {
  status: 'PUBLISHED',
  price: { amount: 0, original: null, currency: 'CNY' },
  membership: null,
  firstLessonId: 11,
};
const paid: Input = { ...free, price: { amount: 9900, original: 12900, currency: 'CNY' } };

describe('courseAction', () => {
  it('says coming soon for a draft, whoever looks', () => {
    expect(courseAction({ ...free, status: 'DRAFT' })).toEqual({ kind: 'comingSoon' });
    expect(courseAction({ ...paid, status: 'DRAFT', membership: member })).toEqual({ kind: 'comingSoon' });
  });

  it('starts a member at the first lesson before any lesson was opened', () => {
    expect(courseAction({ ...free, membership: member })).toEqual({ kind: 'start', lessonId: 11 });
  });

  it('continues a member at the last lesson', () => {
    expect(courseAction({ ...paid, membership: { ...member, lastLessonId: 15 } })).toEqual({
      kind: 'continue',
      lessonId: 15,
    });
  });

  it('has nothing to start in a course without lessons', () => {
    expect(courseAction({ ...free, firstLessonId: null, membership: member })).toEqual({ kind: 'noLessons' });
  });

  it('offers joining a free course and buying a paid one', () => {
    expect(courseAction(free)).toEqual({ kind: 'join' });
    expect(courseAction(paid)).toEqual({ kind: 'buy' });
  });

  it('treats an expired membership as none for a paid course, and as ended for a free one', () => {
    const expired = { ...member, expired: true, lastLessonId: 15 };
    expect(courseAction({ ...paid, membership: expired })).toEqual({ kind: 'buy' });
    expect(courseAction({ ...free, membership: expired })).toEqual({ kind: 'expired' });
  });
});

describe('lessonTarget', () => {
  it('opens lessons for active members, free trials for everyone else, nothing when locked', () => {
    expect(lessonTarget({ locked: false, freeTrial: false }, true)).toBe('lessonLearn');
    expect(lessonTarget({ locked: true, freeTrial: true }, false)).toBe('lessonTryPlay');
    expect(lessonTarget({ locked: false, freeTrial: true }, false)).toBe('lessonTryPlay');
    expect(lessonTarget({ locked: true, freeTrial: false }, false)).toBeNull();
    expect(lessonTarget({ locked: true, freeTrial: false }, true)).toBeNull();
  });
});

describe('member-only tabs', () => {
  const course = (membership: CourseMembership | null): Pick<CourseDetail, 'membership'> => ({ membership });

  it('asks visitors to log in and non-members to join', () => {
    expect(memberTabAccess(false, course(null))).toBe('login');
    expect(memberTabAccess(true, course(null))).toBe('join');
    expect(memberTabAccess(true, course(member))).toBe('allowed');
  });

  it('knows an expired member is not an active one', () => {
    expect(isActiveMember(course(member))).toBe(true);
    expect(isActiveMember(course({ ...member, expired: true }))).toBe(false);
    expect(isActiveMember(course(null))).toBe(false);
  });

  it('opens the tab in the URL, else the syllabus for members and the introduction for others', () => {
    expect(courseTabOf('notes', false)).toBe('notes');
    expect(courseTabOf(null, true)).toBe('syllabus');
    expect(courseTabOf('bogus', false)).toBe('about');
  });
});
