import type { Tab } from '@school/contract/shell';
import { describe, expect, it } from 'vitest';
import { activeTabIndex, tabBarState, tabDestination, type CurrentPage } from './tab-routing';

function tab(type: string, extra: Partial<Tab> = {}): Tab {
  return {
    id: Math.floor(Math.random() * 1e6),
    type,
    name: type,
    defaultIconUrl: '/mobile/seed/tab-home.svg',
    activeIconUrl: '/mobile/seed/tab-home-active.svg',
    url: null,
    targetId: null,
    microPage: null,
    textActiveColor: null,
    ...extra,
  };
}

const origin = 'https://school.example';
const home = tab('MICRO_PAGE', { microPage: { id: 1 } });
const courses = tab('COURSE_LIST', { targetId: 5 });
const learning = tab('LEARNING_CENTER');
const mine = tab('MINE');
const seedTabs = [home, courses, learning, mine];

function page(route: CurrentPage['route'], pageType: CurrentPage['pageType'], params = {}, query = ''): CurrentPage {
  return { route, pageType, params, query: new URLSearchParams(query) };
}

describe('tabDestination', () => {
  it.each<[Tab, string]>([
    [home, '/home/1?pathFrom=tab'],
    [learning, '/learning?pathFrom=tab'],
    [mine, '/me?pathFrom=tab'],
    [courses, '/courses?categoryId=5&pathFrom=tab'],
    [tab('COURSE_LIST'), '/courses?pathFrom=tab'],
    [tab('PROJECT_LIST', { targetId: 8 }), '/classrooms?categoryId=8&pathFrom=tab'],
    [tab('EXAM_LIST'), '/single/exams?pathFrom=tab'],
    [
      tab('URL', { url: 'https://help.example/a?b=c' }),
      '/page?url=https%3A%2F%2Fhelp.example%2Fa%3Fb%3Dc&pathFrom=tab',
    ],
    [tab('LINK', { url: '/articles?tag=2' }), '/articles?tag=2&pathFrom=tab'],
    [tab('SOMETHING_NEW', { url: '/mobile/search' }), '/search?pathFrom=tab'],
  ])('%#: maps to %s', (t, expected) => {
    expect(tabDestination(t, origin)).toEqual({ to: expected, external: false });
  });

  it('leaves another site untouched', () => {
    expect(tabDestination(tab('LINK', { url: 'https://other.example/x' }), origin)).toEqual({
      to: 'https://other.example/x',
      external: true,
    });
  });
});

describe('activeTabIndex', () => {
  it('highlights the first tab on the homepage', () => {
    expect(activeTabIndex(page('homepage', 'MICRO_PAGE'), seedTabs)).toBe(0);
    expect(activeTabIndex(page('homepage', 'MICRO_PAGE'), [mine, home])).toBe(0);
  });
  it('matches micro page tabs by micro page id', () => {
    const other = tab('MICRO_PAGE', { microPage: { id: 9 } });
    expect(activeTabIndex(page('home', 'MICRO_PAGE', { id: '9' }), [home, other])).toBe(1);
    expect(activeTabIndex(page('home', 'MICRO_PAGE', { id: '4' }), [home, other])).toBe(-1);
  });
  it('matches by page type, preferring the exact category', () => {
    const all = tab('COURSE_LIST');
    expect(activeTabIndex(page('me', 'MINE'), seedTabs)).toBe(3);
    expect(activeTabIndex(page('learning', 'LEARNING_CENTER'), seedTabs)).toBe(2);
    expect(activeTabIndex(page('courseList', 'COURSE_LIST', {}, 'categoryId=5'), [home, all, courses])).toBe(2);
    expect(activeTabIndex(page('courseList', 'COURSE_LIST'), [home, courses, all])).toBe(2);
    expect(activeTabIndex(page('courseList', 'COURSE_LIST', {}, 'categoryId=77'), [home, courses])).toBe(1);
  });
  it('matches URL tabs by their url', () => {
    const help = tab('URL', { url: 'https://help.example' });
    expect(activeTabIndex(page('CustomPage', 'URL', {}, 'url=https%3A%2F%2Fhelp.example'), [home, help])).toBe(1);
    expect(activeTabIndex(page('CustomPage', 'URL', {}, 'url=https%3A%2F%2Felse.example'), [home, help])).toBe(-1);
  });
});

describe('tabBarState', () => {
  it('shows the bar only on pages whose type a tab has', () => {
    expect(tabBarState(page('me', 'MINE'), seedTabs)).toEqual({ visible: true, activeIndex: 3, redirectTo: null });
    expect(tabBarState(page('meAgreement', null), seedTabs).visible).toBe(false);
    expect(tabBarState(page('singleExamList', 'EXAM_LIST'), seedTabs).visible).toBe(false);
    expect(tabBarState(page('me', 'MINE'), []).visible).toBe(false);
  });
  it('redirects to the first tab when the page should have a tab and matches none', () => {
    expect(tabBarState(page('home', 'MICRO_PAGE', { id: '42' }), seedTabs)).toEqual({
      visible: true,
      activeIndex: 0,
      redirectTo: '/home/1?pathFrom=tab',
    });
  });
});
