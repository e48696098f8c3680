/**
 * A page as the appearance tests need it: at the app's address (the storage chain's cookies are
 * scoped to it), nothing stored, no appearance on <html>, and index.html's two theme-color metas.
 */
export function resetAppearancePage(themeColours: { light: string; dark: string }): void {
  window.history.replaceState(null, '', '/mobile/');
  localStorage.clear();
  for (const part of document.cookie.split('; ')) {
    const name = part.split('=')[0];
    if (name) document.cookie = `${name}=; expires=${new Date(0).toUTCString()}; path=/mobile`;
  }
  delete document.documentElement.dataset.theme;
  delete document.documentElement.dataset.textSize;
  document.head.innerHTML = `
    <meta name="theme-color" content="${themeColours.light}" media="(prefers-color-scheme: light)">
    <meta name="theme-color" content="${themeColours.dark}" media="(prefers-color-scheme: dark)">`;
}

/** The media of the theme-color metas, in page order. */
export function themeColourMedia(): (string | null)[] {
  return [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((meta) =>
    meta.getAttribute('media'),
  );
}
