/** The bits of <head> a tenant decorates (docs/product.md#layout-load). */
function headElement<T extends HTMLElement>(selector: string, create: () => T): T {
  return document.head.querySelector<T>(selector) ?? document.head.appendChild(create());
}

export function setMetaDescription(text: string): void {
  headElement('meta[name="description"]', () => {
    const meta = document.createElement('meta');
    meta.name = 'description';
    return meta;
  }).content = text;
}

export function setFavicon(url: string): void {
  if (!url) return;
  const link = headElement<HTMLLinkElement>('link[rel="icon"]', () => {
    const element = document.createElement('link');
    element.rel = 'icon';
    return element;
  });
  // Let the browser work out the type from the file; the school's icon may be png or ico.
  link.removeAttribute('type');
  link.href = url;
}
