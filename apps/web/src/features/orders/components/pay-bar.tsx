import type { ReactNode } from 'react';

/** The fixed bar at the screen's foot: what is to be paid (or a note) and the actions. */
export function PayBar({ aside, children }: { aside?: ReactNode; children: ReactNode }) {
  return (
    <div
      className="fixed inset-x-0 bottom-0 z-20 mx-auto flex max-w-[768px] items-center gap-3 border-t border-line bg-surface px-4 pt-2 pb-[calc(0.5rem+env(safe-area-inset-bottom))]"
      data-testid="pay-bar"
    >
      {aside ? <div className="min-w-0 flex-1">{aside}</div> : null}
      {children}
    </div>
  );
}
