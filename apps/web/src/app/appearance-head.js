// The learner's theme and text size on <html> before the first paint (docs/product.md#appearance),
// so a page, rendered on the server or not, never shows in the wrong theme or size first. Inline
// in index.html's head (build/classic-script-plugin.ts), allowed by the server's policy by its
// hash. The values are the storage chain's (src/lib/storage.ts: JSON in localStorage, else in a
// cookie); features/me/logic/appearance.ts writes them and changes the attributes later. No
// theme stored is "system", which CSS alone follows.
(() => {
  const read = (key) => {
    let raw = null;
    try {
      raw = localStorage.getItem(key);
    } catch {
      // Storage blocked: the chain's next place is the cookie.
    }
    if (raw === null) {
      const cookie = document.cookie.match(`(?:^|; )${key}=([^;]*)`);
      raw = cookie && decodeURIComponent(cookie[1]);
    }
    try {
      return JSON.parse(raw);
    } catch {
      return null;
    }
  };
  const root = document.documentElement;
  const theme = read('theme');
  if (theme === 'light' || theme === 'dark') {
    root.dataset.theme = theme;
    // The browser bar in the chosen theme's colour (index.html has one per system theme).
    for (const meta of document.querySelectorAll('meta[name="theme-color"]')) {
      meta.setAttribute('media', meta.getAttribute('media').includes(theme) ? 'all' : 'not all');
    }
  }
  const size = read('text_size');
  if (size === 'small' || size === 'large' || size === 'extra-large') root.dataset.textSize = size;
})();
