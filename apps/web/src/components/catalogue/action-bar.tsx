import type { ReactNode } from 'react';
import { type To } from 'react-router';
import { Link } from '../ui/router-link';

const primary =
  'flex h-11 w-full items-center justify-center rounded-full bg-brand-strong text-[0.9375rem] font-semibold text-on-brand active:opacity-80 disabled:opacity-60';
/** A state in the bar's place of an action (disabled reasons, "Enrolled"). */
export const actionMutedClass =
  'flex h-11 w-full items-center justify-center rounded-full bg-canvas text-[0.9375rem] font-medium text-ink-muted';

/** A product detail's bottom bar: it sticks to the screen's foot and holds the one action. */
export function ActionBar({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 border-t border-line bg-surface px-4 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))]">
      {children}
    </div>
  );
}

interface ActionButtonProps {
  onClick(): void;
  /** While the request runs: disabled, announced busy and labelled `busyLabel`. */
  busy: boolean;
  label: string;
  busyLabel: string;
  testId: string;
}

export function ActionButton({ onClick, busy, label, busyLabel, testId }: ActionButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy || undefined}
      className={primary}
      data-testid={testId}
    >
      {busy ? busyLabel : label}
    </button>
  );
}

export function ActionLink({ to, children, testId }: { to: To; children: ReactNode; testId: string }) {
  return (
    <Link to={to} className={primary} data-testid={testId}>
      {children}
    </Link>
  );
}

/** Why there is no action now (coming soon, ended, full…): a disabled button in its place. */
export function DisabledAction({
  children,
  testId,
  describedBy,
}: {
  children: ReactNode;
  testId: string;
  /** The element that says why (a rule and the way to meet it). */
  describedBy?: string | undefined;
}) {
  return (
    <button type="button" disabled aria-describedby={describedBy} className={actionMutedClass} data-testid={testId}>
      {children}
    </button>
  );
}
