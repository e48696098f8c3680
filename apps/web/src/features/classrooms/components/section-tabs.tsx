import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface SectionTab<K extends string> {
  key: K;
  label: string;
  /** Rendered the first time the tab is shown, then kept (a revisit does not refetch). */
  render: () => ReactNode;
}

interface SectionTabsProps<K extends string> {
  tabs: readonly SectionTab<K>[];
  /** Names the tab list for screen readers. */
  label: string;
  active: K;
  onChange(key: K): void;
}

/**
 * Tabs as the ARIA tabs pattern: one tab stop (arrow keys, Home and End move between tabs and
 * select them), each panel labelled by its tab. Panels mount on first visit, so member-only or
 * paged content is fetched only when the learner looks at it.
 */
export function SectionTabs<K extends string>({ tabs, label, active, onChange }: SectionTabsProps<K>) {
  const baseId = useId();
  const tabRefs = useRef(new Map<K, HTMLButtonElement>());
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([active]));
  if (!visited.has(active)) setVisited(new Set([...visited, active]));

  const select = (key: K) => {
    onChange(key);
    tabRefs.current.get(key)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.key === active);
    const last = tabs.length - 1;
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    select(tabs[target]!.key);
  };

  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className="sticky top-11 z-10 flex overflow-x-auto border-b border-line bg-surface [scrollbar-width:none]"
      >
        {tabs.map((tab) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.key, element);
                else tabRefs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.key}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.key}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
              data-testid={`tab-${tab.key}`}
              className={`relative shrink-0 px-3.5 py-2.5 text-sm whitespace-nowrap ${
                selected
                  ? 'font-semibold text-brand-strong after:absolute after:inset-x-3 after:bottom-0 after:h-0.5 after:rounded-full after:bg-brand-strong'
                  : 'text-ink-muted'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`${baseId}-panel-${tab.key}`}
          aria-labelledby={`${baseId}-tab-${tab.key}`}
          hidden={tab.key !== active}
          tabIndex={0}
          data-testid={`panel-${tab.key}`}
        >
          {visited.has(tab.key) ? tab.render() : null}
        </div>
      ))}
    </div>
  );
}
