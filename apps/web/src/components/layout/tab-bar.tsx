import type { ReactNode } from 'react';
import { Link } from '../ui/router-link';
import { readableOn } from '../../lib/color';

export interface TabBarItem {
  key: string | number;
  label: string;
  to: string;
  external: boolean;
  iconUrl: string;
  activeIconUrl: string;
  active: boolean;
  /** The tab's active colour (docs/product.md#look: #38BDF8 unless the school set textActiveColor). */
  activeColor: string;
  inactiveColor: string;
  /** Drawn over the icon (the Me tab's unread count). */
  badge?: ReactNode;
}

/**
 * The bottom tab bar. The tab colours (#38BDF8 / #9EA5BB, docs/product.md#look) are only 2.1:1 and 2.4:1 on white,
 * too faint for text, so icons and the active indicator keep them while labels use the same
 * hue darkened just enough for 4.5:1 (axe colour-contrast); the active label is also bold. In the
 * dark theme the labels take the theme's text colours instead (CSS decides: the theme may follow
 * the system, which only CSS knows before the first paint), and the icons and indicator keep theirs.
 */
export function TabBar({ items, label }: { items: TabBarItem[]; label: string }) {
  return (
    <nav
      aria-label={label}
      className="fixed inset-x-0 bottom-0 z-30 mx-auto max-w-[768px] border-t border-line bg-surface pb-[env(safe-area-inset-bottom)]"
    >
      <ul className="flex h-tab-bar">
        {items.map((item) => {
          const labelColor = readableOn(item.active ? item.activeColor : item.inactiveColor);
          const content = (
            <>
              <span
                aria-hidden="true"
                className="absolute inset-x-1/4 top-0 h-0.5 rounded-b-full"
                style={{ background: item.active ? item.activeColor : 'transparent' }}
              />
              {/* Decorative: the label beside it names the tab. Fixed size: no shift on load. */}
              <img
                src={item.active ? item.activeIconUrl : item.iconUrl}
                alt=""
                width={24}
                height={24}
                className="size-6"
                decoding="async"
                // Small and below the content: the screen's own first images go before them.
                fetchPriority="low"
              />
              <span
                className={`text-[0.6875rem] leading-none ${item.active ? 'font-semibold dark:text-brand-strong!' : 'dark:text-ink-muted!'}`}
                style={{ color: labelColor }}
              >
                {item.label}
              </span>
              {item.badge}
            </>
          );
          const className = 'relative flex h-full flex-col items-center justify-center gap-1';
          return (
            <li key={item.key} className="flex-1">
              {item.external ? (
                <a href={item.to} className={className}>
                  {content}
                </a>
              ) : (
                <Link to={item.to} aria-current={item.active ? 'page' : undefined} className={className}>
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
