// The developer-tools guard's probe (web/src/components/devtools-guard.tsx). Each message from the
// page runs one probe: 'before', a `debugger` statement, then 'after' with the time it took. With no
// debugger attached the statement does nothing and the probe takes well under a millisecond; with
// the developer tools open for this tab they pause this worker on it (not the page, which stays
// responsive and shows the overlay) and 'after' comes only once they let it go. The build keeps
// this statement: vite.config.ts tells the worker bundle's minifier not to drop it.
self.addEventListener('message', () => {
  self.postMessage({ type: 'before' });
  const started = performance.now();
  debugger;
  self.postMessage({ type: 'after', elapsed: performance.now() - started });
});
