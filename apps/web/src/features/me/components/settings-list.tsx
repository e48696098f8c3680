import type { ReactNode } from 'react';
import { Link } from '../../../components/ui/router-link';
import { ChevronRightIcon } from '../../../components/ui/icons';

/** A titled card of rows (personal centre, profile). */
export function SettingsSection({
  title,
  children,
  visibleTitle = false,
}: {
  title: string;
  children: ReactNode;
  visibleTitle?: boolean;
}) {
  return (
    <section aria-label={title} className="mx-3 mt-3 overflow-hidden rounded-card bg-surface shadow-card">
      {visibleTitle ? <h2 className="px-4 pt-3 pb-1 text-xs font-medium text-ink-muted">{title}</h2> : null}
      <ul>{children}</ul>
    </section>
  );
}

interface RowContent {
  icon?: ReactNode;
  label: string;
  /** Shown at the right end (current value, state). */
  value?: ReactNode;
}

function RowInner({ icon, label, value, chevron }: RowContent & { chevron: boolean }) {
  return (
    <>
      {icon ? <span className="text-lg text-ink-muted">{icon}</span> : null}
      <span className="shrink-0">{label}</span>
      <span className="min-w-0 flex-1 truncate text-right text-ink-muted">{value}</span>
      {chevron ? <ChevronRightIcon className="shrink-0 text-base text-ink-subtle" /> : null}
    </>
  );
}

const rowClass = 'flex min-h-12 w-full items-center gap-3 px-4 py-3 text-left text-sm text-ink';

/** A row leading to another screen. */
export function RowLink({ to, state, ...content }: RowContent & { to: string; state?: unknown }) {
  return (
    <li className="border-b border-line last:border-b-0">
      <Link to={to} state={state} className={`${rowClass} active:bg-canvas`}>
        <RowInner {...content} chevron />
      </Link>
    </li>
  );
}

/** A row acting on this screen (opens a picker). */
export function RowButton({ onClick, ...content }: RowContent & { onClick(): void }) {
  return (
    <li className="border-b border-line last:border-b-0">
      <button type="button" onClick={onClick} className={`${rowClass} active:bg-canvas`}>
        <RowInner {...content} chevron />
      </button>
    </li>
  );
}

/** A row that only shows a value. */
export function RowValue(content: RowContent) {
  return (
    <li className={`border-b border-line last:border-b-0 ${rowClass}`}>
      <RowInner {...content} chevron={false} />
    </li>
  );
}
