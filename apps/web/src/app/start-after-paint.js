// A page the server rendered (decision 015) shows its screen before any code runs. Its code is
// asked for once the screen is painted, with the largest images the server marked
// (fetchpriority=high), so until then the page's own images have the phone's connection to
// themselves. The server names the app's entry in data-entry, and in data-files every file of
// the screen's code, asked for at once beside it: found one import after another, they would
// take a round trip each (decision 031).
(() => {
  const { entry, files = '' } = document.currentScript.dataset;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const file of files.split(' ').filter(Boolean)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      // As Vite's own preloads (same-origin credentials), so the imports find what they fetched.
      link.crossOrigin = '';
      link.href = file;
      document.head.append(link);
    }
    import(entry);
  };
  // A frame is presented a moment after the task that drew it: two frames later it has been.
  const afterNextFrames = (then) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(then)));
  const afterLargestImages = () => {
    const coming = [...document.querySelectorAll('img[fetchpriority="high"]')].filter((img) => !img.complete);
    const loaded = coming.map(
      (img) =>
        new Promise((done) => {
          img.addEventListener('load', done, { once: true });
          img.addEventListener('error', done, { once: true });
        }),
    );
    Promise.all(loaded).then(() => afterNextFrames(start));
  };
  // The first contentful paint as the browser reports it, once presented: a frame callback alone
  // can run before then, and code asked for in that gap competed with the screen's images.
  if (window.PerformanceObserver?.supportedEntryTypes?.includes('paint')) {
    const painted = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      painted.disconnect();
      afterLargestImages();
    });
    painted.observe({ type: 'paint', buffered: true });
  } else {
    afterNextFrames(afterLargestImages);
  }
  // A page opened in the background paints nothing, and a slow image must not hold the code long.
  setTimeout(start, 1000);
})();
