// A page the server rendered (decision 015) shows its screen before any code runs. Its code is
// asked for once the first frame is painted, so until then the page's own images (the largest
// paint among them) have the phone's connection to themselves. The server names the app's entry
// in data-entry. A page opened in the background paints no frame: a timer starts it anyway.
(() => {
  const entry = document.currentScript.dataset.entry;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    import(entry);
  };
  requestAnimationFrame(() => setTimeout(start));
  setTimeout(start, 1000);
})();
