// Starts the storefront's code once the page has loaded. The Worker sends the landing page with its
// first screen already in the HTML and this script in place of the app's module script
// (worker/services/page-meta.ts), so on a slow phone connection the stylesheet and the hero's
// picture get the bandwidth first and the page is painted before any of the app's code arrives.
(function () {
  var script = document.currentScript;
  var entry = script && script.getAttribute('data-entry');
  if (!entry) return;
  var preloads = (script.getAttribute('data-preload') || '').split(' ').filter(Boolean);
  function start() {
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = 'anonymous';
      link.href = href;
      document.head.appendChild(link);
    });
    import(entry);
  }
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
})();
