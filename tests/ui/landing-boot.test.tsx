import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootLanding } from '../../src/prerender/landing-boot';

// The build writes the boot's source into a file of its own, so it is tested as that: rebuilt from its text alone.
const bootFromItsSource = new Function(`return (${bootLanding.toString()});`)() as typeof bootLanding;

function page() {
  const container = document.createElement('div');
  container.innerHTML =
    '<button type="button">Sign <b>In</b></button><p>Text</p><a href="#pricing">Pricing</a>';
  document.body.append(container);
  const button = container.querySelector('button') as HTMLButtonElement;
  const onClick = vi.fn();
  button.addEventListener('click', onClick);
  return { container, button, bold: button.querySelector('b') as HTMLElement, onClick };
}

function boot(container: HTMLElement, loadApp = vi.fn(() => Promise.resolve())) {
  bootFromItsSource(container, loadApp);
  const earlyClicks = window.__beaconEarlyClicks;
  if (!earlyClicks) throw new Error('the boot left no early clicks for the app');
  return { loadApp, earlyClicks };
}

type PaintEntries = { getEntriesByName(name: string): { name: string }[] };

/**
 * The browser's paint timing, which the test DOM lacks: `paint` adds an entry to the page's timeline and hands it
 * to the observers. `buffered` says whether an observer gets the paints from before it observed (Safari 14.1-15
 * did not hand them over).
 */
function fakePaintTiming({ buffered = true } = {}) {
  const timeline: { name: string }[] = [];
  const observers = new Set<(entries: PaintEntries) => void>();
  const entries = (list: { name: string }[]): PaintEntries => ({
    getEntriesByName: (name) => list.filter((entry) => entry.name === name),
  });
  class FakePerformanceObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private readonly callback: (entries: PaintEntries) => void) {}
    observe(options: { type: string; buffered?: boolean }) {
      observers.add(this.callback);
      if (buffered && options.buffered && timeline.length > 0) this.callback(entries(timeline));
    }
    disconnect() {
      observers.delete(this.callback);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  vi.spyOn(performance, 'getEntriesByName').mockImplementation(
    (name) => entries(timeline).getEntriesByName(name) as unknown as PerformanceEntryList,
  );
  return {
    paint: (name: string) => {
      timeline.push({ name });
      for (const observer of [...observers]) observer(entries([{ name }]));
    },
    observing: () => observers.size > 0,
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  delete window.__beaconEarlyClicks;
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  document.body.replaceChildren();
});

describe('the prerendered landing page loads its app', () => {
  it('once the browser reports the first contentful paint, not at the first frame', () => {
    const timing = fakePaintTiming();
    const { loadApp } = boot(page().container);
    vi.advanceTimersByTime(100);
    timing.paint('first-paint');
    expect(loadApp).not.toHaveBeenCalled();
    timing.paint('first-contentful-paint');
    expect(loadApp).toHaveBeenCalledTimes(1);
    expect(timing.observing()).toBe(false);
    vi.advanceTimersByTime(5000);
    expect(loadApp).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an observer gets paints from before it observed', true],
    ['an observer never gets them (Safari 14.1-15)', false],
  ])('at once when the page had painted before the boot ran, whether %s', (_, buffered) => {
    fakePaintTiming({ buffered }).paint('first-contentful-paint');
    expect(boot(page().container).loadApp).toHaveBeenCalledTimes(1);
  });

  it('at once in a tab that is not shown, where no paint comes', () => {
    fakePaintTiming();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    expect(boot(page().container).loadApp).toHaveBeenCalledTimes(1);
  });

  it('after the first frame in a browser without paint timing', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    const { loadApp } = boot(page().container);
    expect(loadApp).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    vi.advanceTimersByTime(1);
    expect(loadApp).toHaveBeenCalledTimes(1);
  });

  it('as soon as the visitor reaches for the page, or after 3 s, if no paint is reported', () => {
    fakePaintTiming({ buffered: false });
    const touched = boot(page().container).loadApp;
    document.body.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    expect(touched).toHaveBeenCalledTimes(1);

    const { loadApp: waited } = boot(page().container);
    vi.advanceTimersByTime(2999);
    expect(waited).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(waited).toHaveBeenCalledTimes(1);
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(waited).toHaveBeenCalledTimes(1);
  });
});

describe('a click on the prerendered landing page before the app has taken it over', () => {
  it('is held from everyone, the app included, then replayed once on the same button', () => {
    fakePaintTiming();
    const { container, bold, onClick } = page();
    const { earlyClicks } = boot(container);
    // The app's own listener, as React's: on the same container, registered after the boot's.
    const onContainerClick = vi.fn();
    container.addEventListener('click', onContainerClick, true);
    const notCancelled = bold.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect(notCancelled).toBe(false);
    expect(onClick).not.toHaveBeenCalled();
    expect(onContainerClick).not.toHaveBeenCalled();

    earlyClicks.replay();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(onContainerClick).toHaveBeenCalledTimes(1);
    earlyClicks.replay();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is not held after the replay, and is dropped if its button is gone by then', () => {
    fakePaintTiming();
    const { container, button, onClick } = page();
    boot(container).earlyClicks.replay();
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);

    const other = page();
    const { earlyClicks } = boot(other.container);
    other.button.click();
    other.button.remove();
    earlyClicks.replay();
    expect(other.onClick).not.toHaveBeenCalled();
  });

  it('is dropped when the app renders another page instead', () => {
    fakePaintTiming();
    const { container, button, onClick } = page();
    const { earlyClicks } = boot(container);
    button.click();
    earlyClicks.discard();
    expect(onClick).not.toHaveBeenCalled();
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is left alone on links, on text and outside the page', () => {
    fakePaintTiming();
    const { container } = page();
    const outside = document.createElement('button');
    document.body.append(outside);
    boot(container);
    for (const element of [container.querySelector('a'), container.querySelector('p'), outside]) {
      const onElementClick = vi.fn();
      element?.addEventListener('click', onElementClick);
      element?.click();
      expect(onElementClick).toHaveBeenCalledTimes(1);
    }
  });

  it('is let go when the app cannot load, and the buttons are no longer held', async () => {
    fakePaintTiming();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { container, button, onClick } = page();
    boot(
      container,
      vi.fn(() => Promise.reject(new Error('offline'))),
    );
    button.click();
    vi.advanceTimersByTime(3000);
    await vi.waitFor(() => expect(error).toHaveBeenCalledWith('The app could not load.', expect.any(Error)));
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});
