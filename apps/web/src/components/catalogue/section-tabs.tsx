import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface SectionTab<K extends string> {
  key: K;
  label: string;
}

interface SectionTabsProps<K extends string> {
  tabs: readonly SectionTab<K>[];
  active: K;
  onChange(key: K): void;
  /** Names the tab list. */
  label: string;
  /** Prefix of the tab and panel ids (unique on the page). */
  idBase: string;
  /** The active tab's content; the others are not rendered (their data loads when opened). */
  children: ReactNode;
  /** Sticks the tab row under the top bar while the page scrolls. */
  sticky?: boolean;
}

/**
 * WAI-ARIA tabs: a named tablist of tabs with a roving tab stop (arrow keys, Home, End), and
 * the active panel labelled by its tab. Lighter than antd-mobile's Tabs (no animation library)
 * and its panels are real tabpanels.
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
  const refs = useRef(new Map<K, HTMLButtonElement>());
  const tabId = (key: K) => `${idBase}-tab-${key}`;
  const panelId = (key: K) => `${idBase}-panel-${key}`;

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
        className={`flex overflow-x-auto border-b border-line bg-surface ${sticky ? 'sticky top-11 z-10' : ''}`}
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
              // Only the active panel exists: pointing at a missing id is an ARIA error.
              aria-controls={selected ? panelId(tab.key) : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.key)}
              data-testid={`${idBase}-tab-${tab.key}`}
              className={`relative h-11 shrink-0 grow px-3 text-sm ${
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
      <div role="tabpanel" id={panelId(active)} aria-labelledby={tabId(active)} tabIndex={0}>
        {children}
      </div>
    </>
  );
}
