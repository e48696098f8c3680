export interface Fact {
  id: string;
  label: string;
  value: string;
}

/** Label / value rows of a lesson's facts (activity, exam, file). */
export function FactList({ facts }: { facts: Fact[] }) {
  return (
    <dl className="mt-3 divide-y divide-line text-sm">
      {facts.map((fact) => (
        <div key={fact.id} className="flex justify-between gap-4 py-2.5" data-testid={`fact-${fact.id}`}>
          <dt className="shrink-0 text-ink-muted">{fact.label}</dt>
          <dd className="min-w-0 text-right break-words text-ink">{fact.value}</dd>
        </div>
      ))}
    </dl>
  );
}
