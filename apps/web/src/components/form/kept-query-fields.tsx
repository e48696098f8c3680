/**
 * Hidden copies of the address's other parameters, for a GET form whose box names one of them:
 * sent before the code has taken over, the form replaces the whole query, and the list's filters
 * (category, tag, sort) and anything foreign must come along.
 */
export function KeptQueryFields({ query, except }: { query: URLSearchParams; except: string }) {
  return [...query]
    .filter(([key]) => key !== except)
    .map(([key, value], index) => <input key={`${key}.${index}`} type="hidden" name={key} value={value} />);
}
