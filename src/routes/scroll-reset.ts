import type { AnyRouter } from '@tanstack/react-router';

/**
 * Keeps the window's scroll through the router's loads that change no address: the first load, whose page the
 * browser has already painted and placed (a visitor may have scrolled the prerendered landing page, or started a
 * section button's scroll, before the app takes it over), and `invalidate()`, which re-runs the guards when the
 * session settles or changes. The router scrolls the window to the top after every render it finishes; only a new
 * address (a link, a redirect, back or forward) should.
 *
 * The router has no option for this (its `scrollRestoration` function also turns on its position cache and the
 * browser's manual restoration), so this sets its next-render reset flag at the start of every load: on for a new
 * address (back and forward), off otherwise. A link or a redirect sets it again (its `resetScroll`) once its load
 * has started.
 * tests/ui/routing.test.tsx ("the window's scroll") fails if an upgrade moves the flag.
 */
export function resetScrollOnNewAddressOnly(router: AnyRouter): () => void {
  return router.subscribe('onBeforeLoad', ({ fromLocation, hrefChanged }) => {
    router._scroll.n = Boolean(fromLocation) && hrefChanged;
  });
}
