/*
 * jsdom has no IntersectionObserver (it lays nothing out). This one reports nothing near until a
 * test says the observed elements came into view (`bringObservedIntoView`), as a scroll would;
 * from then on, like a browser's, it reports an element observed later at once.
 */
const observers = new Set<TestIntersectionObserver>();
let inView = false;

class TestIntersectionObserver implements IntersectionObserver {
  readonly root = null;
  readonly rootMargin: string;
  readonly thresholds = [0];
  private readonly elements = new Set<Element>();

  constructor(
    private readonly callback: IntersectionObserverCallback,
    options?: IntersectionObserverInit,
  ) {
    this.rootMargin = options?.rootMargin ?? '0px';
    observers.add(this);
  }

  observe(element: Element) {
    this.elements.add(element);
    if (inView) queueMicrotask(() => this.elements.has(element) && this.report(true));
  }

  unobserve(element: Element) {
    this.elements.delete(element);
  }

  disconnect() {
    this.elements.clear();
    observers.delete(this);
  }

  takeRecords(): IntersectionObserverEntry[] {
    return [];
  }

  report(isIntersecting: boolean) {
    const entries = [...this.elements].map(
      (target) => ({ target, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 }) as IntersectionObserverEntry,
    );
    if (entries.length > 0) this.callback(entries, this);
  }
}

/**
 * Its entries' class too, with their fields on the prototype: that is what the polyfill ahooks
 * brings (with antd-mobile) looks for before it replaces an observer.
 */
class TestIntersectionObserverEntry {
  get intersectionRatio() {
    return 0;
  }

  get isIntersecting() {
    return false;
  }
}

export function installIntersectionObserver(): void {
  globalThis.IntersectionObserver ??= TestIntersectionObserver;
  globalThis.IntersectionObserverEntry ??= TestIntersectionObserverEntry as unknown as typeof IntersectionObserverEntry;
}

/** Every element observed now or later in this test is reported near the viewport. */
export function bringObservedIntoView(): void {
  inView = true;
  for (const observer of observers) observer.report(true);
}

/** After each test: nothing is in view again. */
export function resetIntersectionObserver(): void {
  inView = false;
}
