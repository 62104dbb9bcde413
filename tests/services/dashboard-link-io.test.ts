import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDashboardLinkIO } from '../../src/services/dashboard-link-io';

/** A tab as `window.open` hands it back: its address can be set, and the user may already have closed it. */
const blankTab = (closed = false) => ({ opener: {} as unknown, closed, location: { href: 'about:blank' } });

function dashboardLinkIO(opened: ReturnType<typeof blankTab> | null) {
  const open = vi.fn((..._args: unknown[]) => opened);
  vi.stubGlobal('window', { open });
  return { io: createDashboardLinkIO({ api: {} as never }), open };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("the dashboard link's tab [product: CHECK-5, HEAD-3, HEAD-9]", () => {
  it('opens a blank tab at the click, cut from this page, and sends it to the dashboard once the link is known', () => {
    const tab = blankTab();
    const { io, open } = dashboardLinkIO(tab);
    io.reserveTab();
    expect(open).toHaveBeenCalledWith('', '_blank');
    expect(tab.opener).toBeNull();
    io.openDashboard({ link: 'https://dash.example/t/1' });
    expect(tab.location.href).toBe('https://dash.example/t/1');
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('opens the dashboard in a new tab, without a handle on it, when the browser refused the blank one', () => {
    const { io, open } = dashboardLinkIO(null);
    io.reserveTab();
    io.openDashboard({ link: 'https://dash.example/t/2' });
    expect(open).toHaveBeenLastCalledWith('https://dash.example/t/2', '_blank', 'noopener,noreferrer');
  });

  it('opens a new tab when the user closed the reserved one meanwhile, and leaves the closed one alone', () => {
    const tab = blankTab(true);
    const { io, open } = dashboardLinkIO(tab);
    io.reserveTab();
    io.openDashboard({ link: 'https://dash.example/t/3' });
    expect(tab.location.href).toBe('about:blank');
    expect(open).toHaveBeenLastCalledWith('https://dash.example/t/3', '_blank', 'noopener,noreferrer');
  });

  it('uses a reserved tab once: the next link without a new reservation opens a tab of its own', () => {
    const tab = blankTab();
    const { io, open } = dashboardLinkIO(tab);
    io.reserveTab();
    io.openDashboard({ link: 'https://dash.example/t/4' });
    io.openDashboard({ link: 'https://dash.example/t/5' });
    expect(tab.location.href).toBe('https://dash.example/t/4');
    expect(open).toHaveBeenLastCalledWith('https://dash.example/t/5', '_blank', 'noopener,noreferrer');
  });
});
