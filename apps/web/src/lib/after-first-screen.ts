/**
 * Runs work the first screen does not need (the error tracker, the browser-update check) once the
 * page has loaded and the browser is idle, so it neither delays nor grows the first load.
 */
export function afterFirstScreen(run: () => void): void {
  const whenIdle = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 5000 });
    else setTimeout(run, 1000);
  };
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
