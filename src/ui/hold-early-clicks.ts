/**
 * The prerendered landing page shows its buttons before the app has taken them over; a click in that gap would
 * do nothing. This holds the last click on a button or link inside `container` until `replay()`, which clicks the
 * same element again: hydration keeps the nodes, so the click reaches the app's handler.
 */
export function holdEarlyClicks(container: HTMLElement): { replay(): void } {
  let held: HTMLElement | null = null;
  const hold = (event: MouseEvent) => {
    const target =
      event.target instanceof Element ? event.target.closest<HTMLElement>('button, a[href]') : null;
    if (!target || !container.contains(target)) return;
    event.preventDefault();
    event.stopPropagation();
    held = target;
  };
  container.addEventListener('click', hold, true);
  return {
    // A property, not a method: it is handed over as a callback.
    replay: () => {
      container.removeEventListener('click', hold, true);
      if (held?.isConnected) held.click();
      held = null;
    },
  };
}
