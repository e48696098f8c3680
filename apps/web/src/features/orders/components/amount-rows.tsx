import type { ReactNode } from 'react';

/** Label-and-amount lines (price, discount, to pay), as a description list. */
export function AmountRows({ children }: { children: ReactNode }) {
  return <dl className="space-y-1.5 text-sm">{children}</dl>;
}

export function AmountRow({
  label,
  value,
  strong = false,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  strong?: boolean;
  testId?: string;
}) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-ink-muted">{label}</dt>
      <dd
        className={`text-right tabular-nums ${strong ? 'text-base font-semibold text-danger' : 'text-ink'}`}
        data-testid={testId}
      >
        {value}
      </dd>
    </div>
  );
}
