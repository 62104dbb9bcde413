/** The landing page's sections by anchor [product: LAND-2]. */
export const sectionIds = {
  features: 'features',
  socialProof: 'social-proof',
  pricing: 'pricing',
  contact: 'contact',
} as const;

export type SectionId = (typeof sectionIds)[keyof typeof sectionIds];

/** How long after a click the section is kept at the top while the page's layout may still move. */
export const SETTLE_MS = 3000;

/** What the visitor does to take over the scrolling. */
const TAKE_OVER_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

/** Ends the following of the section clicked last; calling it again, or after the following has ended, does nothing. */
let stopFollowing = () => {};

/**
 * Scrolls a section into view (smoothly, unless the visitor asked for less motion), and keeps it there while the
 * page's layout settles: parts that load after the first paint change the height above the section, which would
 * otherwise leave the scroll stopped short of it [product: LAND-45]. The visitor's own scrolling ends the following.
 */
export function scrollToSection(id: SectionId) {
  const target = document.getElementById(id);
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  followWhileLayoutSettles(target);
}

function followWhileLayoutSettles(target: HTMLElement) {
  stopFollowing();
  if (typeof ResizeObserver === 'undefined') return;
  const realign = () => target.scrollIntoView({ behavior: 'auto', block: 'start' });
  // The first callback reports the size at the start: only later changes move the section.
  let started = false;
  const observer = new ResizeObserver(() => {
    if (started) realign();
    started = true;
  });
  observer.observe(document.body);
  // Every listener of this following goes with its signal.
  const listening = new AbortController();
  const { signal } = listening;
  const misaligned = () => Math.abs(target.getBoundingClientRect().top - scrollMarginOf(target)) > 2;
  window.addEventListener(
    'scrollend',
    () => {
      if (misaligned()) realign();
    },
    { signal },
  );
  const stop = () => {
    observer.disconnect();
    listening.abort();
  };
  // Scheduled after the click that started it has finished bubbling, so that click does not end it at once. In
  // the capture phase, so a part of the page that stops the event (a menu's keys) does not hide it. Passive
  // already: browsers treat a window's wheel and touch listeners as passive.
  setTimeout(() => {
    for (const type of TAKE_OVER_EVENTS) window.addEventListener(type, stop, { capture: true, signal });
  }, 0);
  setTimeout(stop, SETTLE_MS);
  stopFollowing = stop;
}

function scrollMarginOf(element: HTMLElement): number {
  return Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
}
