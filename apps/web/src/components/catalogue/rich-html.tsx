/**
 * HTML the server sanitized on output (scripts, event handlers and javascript: links removed),
 * rendered as given with the shared prose styles of app.css.
 */
export function RichHtml({ html, className = '' }: { html: string; className?: string }) {
  return <div className={`rich-text text-sm text-ink ${className}`} dangerouslySetInnerHTML={{ __html: html }} />;
}
