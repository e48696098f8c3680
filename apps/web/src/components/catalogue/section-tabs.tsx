import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface SectionTab<K extends string> {
  key: K;
  label: string;
  /**
   * The tab's panel, rendered the first time the tab is shown and then kept (hidden), so a
   * revisit does not refetch. Without it the screen passes the active panel as `children`.
   */
  render?: () => ReactNode;
}

interface SectionTabsProps<K extends string> {
  tabs: readonly SectionTab<K>[];
  active: K;
  onChange(key: K): void;
  /** Names the tab list. */
  label: string;
  /**
   * Prefix of the tab and panel ids and test ids (`<idBase>-tab-<key>`); without it the ids
   * come from `useId` and the test ids are `tab-<key>` and `panel-<key>`.
   */
  idBase?: string;
  /**
   * The active tab's content when the tabs carry no `render`: the other panels are not rendered
   * (their data loads when opened, and a tab left and reopened starts afresh).
   */
  children?: ReactNode;
  /** Sticks the tab row under the top bar while the page scrolls. */
  sticky?: boolean;
}

/**
 * WAI-ARIA tabs: a named tablist of tabs with a roving tab stop (arrow keys, Home, End select
 * and focus), and each panel labelled by its tab. Lighter than antd-mobile's Tabs (no animation
 * library) and its panels are real tabpanels. Panels mount on first visit, so member-only or
 * paged content is fetched only when the learner looks at it.
 */
export function SectionTabs<K extends string>({
  tabs,
  active,
  onChange,
  label,
  idBase,
  children,
  sticky = true,
}: SectionTabsProps<K>) {
  const generatedId = useId();
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const [visited, setVisited] = useState<ReadonlySet<K>>(() => new Set([active]));
  if (!visited.has(active)) setVisited(new Set([...visited, active]));
  const kept = tabs.some((tab) => tab.render);
  const base = idBase ?? generatedId;
  const tabId = (key: K) => `${base}-tab-${key}`;
  const panelId = (key: K) => `${base}-panel-${key}`;
  const testId = (part: 'tab' | 'panel', key: K) => (idBase ? `${idBase}-${part}-${key}` : `${part}-${key}`);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.key === active);
    const last = tabs.length - 1;
    const next =
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
    if (next === null) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onChange(key);
    refs.current.get(key)?.focus();
  }

  return (
    <>
      <div
        role="tablist"
        aria-label={label}
        onKeyDown={onKeyDown}
        className={`flex overflow-x-auto border-b border-line bg-surface [scrollbar-width:none] ${sticky ? 'sticky top-11 z-10' : ''}`}
      >
        {tabs.map((tab) => {
          const selected = tab.key === active;
          return (
            <button
              key={tab.key}
              ref={(element) => {
                if (element) refs.current.set(tab.key, element);
                else refs.current.delete(tab.key);
              }}
              type="button"
              role="tab"
              id={tabId(tab.key)}
              aria-selected={selected}
              // Only the panels that exist: pointing at a missing id is an ARIA error.
              aria-controls={kept || selected ? panelId(tab.key) : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
              data-testid={testId('tab', tab.key)}
              className={`relative h-11 shrink-0 grow px-3 text-sm whitespace-nowrap ${
                selected ? 'font-semibold text-brand-strong' : 'text-ink-muted'
              }`}
            >
              {tab.label}
              {selected ? (
                <span aria-hidden="true" className="absolute inset-x-3 bottom-0 h-0.5 rounded-full bg-brand-strong" />
              ) : null}
            </button>
          );
        })}
      </div>
      {kept ? (
        tabs.map((tab) => (
          <div
            key={tab.key}
            role="tabpanel"
            id={panelId(tab.key)}
            aria-labelledby={tabId(tab.key)}
            hidden={tab.key !== active}
            tabIndex={0}
            data-testid={testId('panel', tab.key)}
          >
            {visited.has(tab.key) ? tab.render?.() : null}
          </div>
        ))
      ) : (
        <div
          role="tabpanel"
          id={panelId(active)}
          aria-labelledby={tabId(active)}
          tabIndex={0}
          data-testid={testId('panel', active)}
        >
          {children}
        </div>
      )}
    </>
  );
}
