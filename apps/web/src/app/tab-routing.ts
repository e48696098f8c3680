import type { PageType } from '@school/contract/enums';
import type { Tab } from '@school/contract/shell';
import { toAppPath } from '../lib/navigation';
import { href, type RouteName } from '../config/route-paths';

/**
 * docs/product.md#tab-bar: where each tab goes, which one is highlighted, and when a page that
 * should show the bar matches none of the tabs (then the first tab takes over).
 */
export interface TabDestination {
  /** In-app path for the router, or an absolute URL when `external`. */
  to: string;
  external: boolean;
}

const fromTab = { pathFrom: 'tab' } as const;

export function tabDestination(tab: Tab, origin?: string): TabDestination {
  const internal = (to: string): TabDestination => ({ to, external: false });
  switch (tab.type) {
    case 'MICRO_PAGE':
      return tab.microPage
        ? internal(href('home', { id: tab.microPage.id }, fromTab))
        : internal(href('homepage', {}, fromTab));
    case 'LEARNING_CENTER':
      return internal(href('learning', {}, fromTab));
    case 'MINE':
      return internal(href('me', {}, fromTab));
    case 'COURSE_LIST':
      return internal(href('courseList', {}, { categoryId: tab.targetId, ...fromTab }));
    case 'PROJECT_LIST':
      return internal(href('classroomList', {}, { categoryId: tab.targetId, ...fromTab }));
    case 'EXAM_LIST':
      return internal(href('singleExamList', {}, fromTab));
    case 'URL':
      return internal(href('CustomPage', {}, { url: tab.url ?? '', ...fromTab }));
    default: {
      const url = tab.url ?? '/';
      const path = toAppPath(url, origin);
      if (path === null) {
        // Another site: its own query string is none of our business.
        return { to: url, external: true };
      }
      const [pathname = '/', search = ''] = path.split('?');
      const params = new URLSearchParams(search);
      params.set('pathFrom', 'tab');
      return internal(`${pathname}?${params.toString()}`);
    }
  }
}

export interface CurrentPage {
  route: RouteName;
  pageType: PageType | null;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
}

/** Index of the highlighted tab, or -1 when no tab matches the page. */
export function activeTabIndex(page: CurrentPage, tabs: readonly Tab[]): number {
  if (tabs.length === 0) return -1;
  if (page.route === 'homepage') return 0;
  const { pageType } = page;
  if (!pageType) return -1;
  const sameType = (tab: Tab) => tab.type === pageType;
  switch (pageType) {
    case 'MICRO_PAGE':
      return tabs.findIndex((tab) => sameType(tab) && String(tab.microPage?.id) === page.params.id);
    case 'URL':
      return tabs.findIndex((tab) => sameType(tab) && tab.url === page.query.get('url'));
    case 'COURSE_LIST':
    case 'PROJECT_LIST': {
      // A category filter chosen on the page keeps its tab lit; an exact category wins.
      const categoryId = page.query.get('categoryId');
      const exact = tabs.findIndex((tab) => sameType(tab) && String(tab.targetId ?? '') === (categoryId ?? ''));
      return exact >= 0 ? exact : tabs.findIndex(sameType);
    }
    default:
      return tabs.findIndex(sameType);
  }
}

export interface TabBarState {
  visible: boolean;
  activeIndex: number;
  /** Where to go instead, when the page should have a tab and has none. */
  redirectTo: string | null;
}

export function tabBarState(page: CurrentPage, tabs: readonly Tab[]): TabBarState {
  const visible =
    tabs.length > 0 &&
    (page.route === 'homepage' || (page.pageType !== null && tabs.some((t) => t.type === page.pageType)));
  if (!visible) return { visible: false, activeIndex: -1, redirectTo: null };
  const activeIndex = activeTabIndex(page, tabs);
  if (activeIndex >= 0) return { visible, activeIndex, redirectTo: null };
  const first = tabDestination(tabs[0]!);
  return { visible, activeIndex: 0, redirectTo: first.external ? null : first.to };
}
