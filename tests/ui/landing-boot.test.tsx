import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bootLanding } from '../../src/prerender/landing-boot';

// The build writes the boot's source into a file of its own, so it is tested as that: rebuilt from its text alone.
const bootFromItsSource = new Function(`return (${bootLanding.toString()});`)() as typeof bootLanding;

function page() {
  const container = document.createElement('div');
  container.innerHTML = '<button type="button">Sign <b>In</b></button><p>Text</p>';
  document.body.append(container);
  const button = container.querySelector('button') as HTMLButtonElement;
  const onClick = vi.fn();
  button.addEventListener('click', onClick);
  // The app's own listener, as React's: on the container, registered after the boot's.
  const onContainerClick = vi.fn();
  return { container, button, bold: button.querySelector('b') as HTMLElement, onClick, onContainerClick };
}

function boot(container: HTMLElement) {
  const loadApp = vi.fn(() => Promise.resolve());
  bootFromItsSource(container, loadApp);
  const earlyClicks = window.__beaconEarlyClicks;
  if (!earlyClicks) throw new Error('the boot left no early clicks for the app');
  return { loadApp, earlyClicks };
}

/** The browser's paint timing, which jsdom lacks: `report` delivers a paint entry to the observers. */
function fakePaintTiming() {
  const observers = new Set<(entries: { getEntriesByName(name: string): unknown[] }) => void>();
  class FakePerformanceObserver {
    static supportedEntryTypes = ['paint'];
    constructor(
      private readonly callback: (entries: { getEntriesByName(name: string): unknown[] }) => void,
    ) {}
    observe() {
      observers.add(this.callback);
    }
    disconnect() {
      observers.delete(this.callback);
    }
  }
  vi.stubGlobal('PerformanceObserver', FakePerformanceObserver);
  return {
    report: (name: string) => {
      for (const observer of [...observers])
        observer({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
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

describe('the prerendered landing page before the app has taken it over', () => {
  it('imports the app only once the browser reports the first contentful paint', () => {
    const paint = fakePaintTiming();
    const { container } = page();
    const { loadApp } = boot(container);
    vi.advanceTimersToNextFrame();
    vi.runOnlyPendingTimers();
    paint.report('first-paint');
    expect(loadApp).not.toHaveBeenCalled();
    paint.report('first-contentful-paint');
    expect(loadApp).toHaveBeenCalledTimes(1);
    expect(paint.observing()).toBe(false);
  });

  it('imports the app at once in a tab that is not shown, where no paint comes', () => {
    fakePaintTiming();
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const { container } = page();
    expect(boot(container).loadApp).toHaveBeenCalledTimes(1);
  });

  it('imports the app after the first frame where the browser reports no paint timing', async () => {
    const { container } = page();
    const { loadApp } = boot(container);
    expect(loadApp).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    await vi.runOnlyPendingTimersAsync();
    expect(loadApp).toHaveBeenCalledTimes(1);
  });

  it('holds a click on a button from everyone, the app included, then replays it on the same button', () => {
    const { container, bold, onClick, onContainerClick } = page();
    const { earlyClicks } = boot(container);
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

  it('holds no click after the replay, and drops the held one if its button is gone by then', () => {
    const { container, button, onClick } = page();
    boot(container).earlyClicks.replay();
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);

    const { container: other, button: removed, onClick: onRemovedClick } = page();
    const { earlyClicks } = boot(other);
    removed.click();
    removed.remove();
    earlyClicks.replay();
    expect(onRemovedClick).not.toHaveBeenCalled();
  });

  it('leaves clicks on anything but buttons and links alone', () => {
    const { container } = page();
    const paragraph = container.querySelector('p') as HTMLElement;
    const onParagraphClick = vi.fn();
    paragraph.addEventListener('click', onParagraphClick);
    boot(container);
    paragraph.click();
    expect(onParagraphClick).toHaveBeenCalledTimes(1);
  });

  it('lets the held click go when the app cannot load, so links still work', async () => {
    const { container, button, onClick } = page();
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    bootFromItsSource(container, () => Promise.reject(new Error('offline')));
    button.click();
    expect(onClick).not.toHaveBeenCalled();
    vi.advanceTimersToNextFrame();
    await vi.runOnlyPendingTimersAsync();
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(error).toHaveBeenCalledWith('The app could not load.', expect.any(Error));
  });
});
