/**
 * The address a URL tab may show inside the app: absolute http(s) only. Anything else
 * (javascript:, data:, relative paths, garbage) is refused rather than framed.
 */
export function framedUrl(raw: string | null): URL | null {
  if (!raw) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return null;
  }
  return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
}
