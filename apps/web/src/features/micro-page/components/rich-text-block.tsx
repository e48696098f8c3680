import type { MicroPageComponent } from '@school/contract/shell';

type RichText = Extract<MicroPageComponent, { kind: 'richText' }>;

/** The HTML is sanitized by the server when the school saves it (scripts, handlers and
 * javascript: links removed), so it is rendered as given. */
export function RichTextBlock({ block }: { block: RichText }) {
  return (
    <div
      className="rich-text mx-3 mt-3 rounded-card bg-surface p-4 text-sm text-ink shadow-card"
      dangerouslySetInnerHTML={{ __html: block.html }}
    />
  );
}
