/**
 * What the landing boot leaves for the app: the click it held, to be replayed once the app has the page, or
 * discarded when the app renders another page instead.
 */
export type EarlyClicks = { replay(): void; discard(): void };

declare global {
  interface Window {
    /** Set by the prerendered landing page's boot (`bootLanding`), read by src/main.tsx. */
    __beaconEarlyClicks?: EarlyClicks;
  }
}

/**
 * The prerendered landing page's only script. The page paints from its HTML and CSS alone, so the app is imported
 * only once the browser reports the first contentful paint (at once in a tab that is not shown, where no paint
 * comes): fetched alongside the stylesheet, its 100 KB would hold up the first paint on a slow connection. The
 * first animation frame is too early a sign: the frame's paint is presented after it, and on a fast connection the
 * app arrived and ran before that, which Lighthouse's simulation then counts as holding up the paint.
 *
 * Until the app has taken the page over, its buttons would do nothing, so the boot holds the last click on one
 * (before anything else sees it) and leaves `window.__beaconEarlyClicks` for the app, whose `replay()` stops holding
 * and clicks the same button again: hydration keeps the nodes, so the click reaches the app's handler.
 *
 * The build writes this function's source into the boot file (scripts/vite/prerender-landing.ts): it must not use
 * anything from outside its own body.
 */
export function bootLanding(container: HTMLElement, loadApp: () => Promise<unknown>): void {
  let held: HTMLButtonElement | null = null;
  // Buttons only: the page's links are in-page anchors, which work without the app.
  const hold = (event: MouseEvent) => {
    const target = event.target instanceof Element ? event.target.closest('button') : null;
    if (!target) return;
    event.preventDefault();
    // Immediate: React listens on the same container once hydration starts, and must not see the click twice.
    event.stopImmediatePropagation();
    held = target;
  };
  container.addEventListener('click', hold, true);
  const stopHolding = () => {
    container.removeEventListener('click', hold, true);
    const target = held;
    held = null;
    return target;
  };
  window.__beaconEarlyClicks = {
    replay: () => {
      const target = stopHolding();
      if (target?.isConnected) target.click();
    },
    discard: () => void stopHolding(),
  };

  let loading = false;
  const load = () => {
    if (loading) return;
    loading = true;
    loadApp().catch((error: unknown) => {
      window.__beaconEarlyClicks?.discard();
      console.error('The app could not load.', error);
    });
  };
  if (document.visibilityState === 'hidden') {
    load();
    return;
  }
  // Whatever the paint timing does (some browsers never hand an observer a paint that came before it): a visitor
  // reaching for the page, or a few seconds, start the app.
  document.addEventListener('pointerdown', load, { capture: true, once: true });
  document.addEventListener('keydown', load, { capture: true, once: true });
  setTimeout(load, 3000);
  if (performance.getEntriesByName('first-contentful-paint').length > 0) {
    load();
    return;
  }
  try {
    if (PerformanceObserver.supportedEntryTypes.includes('paint')) {
      const observer = new PerformanceObserver((entries) => {
        if (entries.getEntriesByName('first-contentful-paint').length === 0) return;
        observer.disconnect();
        load();
      });
      observer.observe({ type: 'paint', buffered: true });
      return;
    }
  } catch {
    // No paint timing at all: the first frame below.
  }
  requestAnimationFrame(() => setTimeout(load, 0));
}
