import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SETTLE_MS, type SectionId, scrollToSection, sectionIds } from '../../src/ui/landing/scroll';
import { renderApp, signedIn } from './render-app';

describe('the landing page navigation', () => {
  it("shows the product title and 'Join Beta' and 'Sign In' to an anonymous visitor", async () => {
    renderApp('/Landing');

    // The top bar's title: the footer says the name too, once its part of the page has loaded.
    expect(await screen.findByText('Beacon RMM', { selector: 'header span' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Join Beta' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('scrolls to the features, pricing and contact sections', async () => {
    renderApp('/Landing');
    const scrolled: string[] = [];
    for (const id of ['features', 'pricing', 'contact']) {
      const section = await waitFor(() => {
        const element = document.getElementById(id);
        if (!element) throw new Error(`no #${id}`);
        return element;
      });
      section.scrollIntoView = () => scrolled.push(id);
    }

    for (const name of ['Features', 'Pricing', 'Contact']) {
      await userEvent.click(screen.getByRole('button', { name }));
    }

    expect(scrolled).toEqual(['features', 'pricing', 'contact']);
  });

  it('offers the sections behind a menu on a phone, which closes once one is chosen [product: LAND-44]', async () => {
    renderApp('/Landing');
    const menuButton = await screen.findByRole('button', { name: 'Sections menu' });
    const panel = document.getElementById(menuButton.getAttribute('aria-controls') ?? '') as HTMLElement;
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
    const pricing = await waitFor(() => {
      const element = document.getElementById('pricing');
      if (!element) throw new Error('no #pricing');
      return element;
    });
    let scrolled = 0;
    pricing.scrollIntoView = () => {
      scrolled += 1;
    };

    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(
      within(panel)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Features', 'Pricing', 'Contact']);

    await userEvent.click(within(panel).getByRole('button', { name: 'Pricing' }));
    expect(scrolled).toBe(1);
    expect(panel).not.toBeVisible();
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
  });

  it("hides 'Join Beta' and offers 'Continue setup' when onboarding is required", async () => {
    const app = renderApp('/Landing', { loadUser: async () => signedIn({ onboardingRequired: true }) });

    const continueSetup = await screen.findByRole('link', { name: 'Continue setup' });
    expect(screen.queryByRole('button', { name: 'Join Beta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();

    await userEvent.click(continueSetup);
    expect(await screen.findByText('Complete your setup')).toBeInTheDocument();
    expect(app.pathname()).toBe('/Onboarding');
  });

  it('replaces the sign-in buttons with the user menu once signed in', async () => {
    renderApp('/Landing', { loadUser: async () => signedIn() });

    expect(await screen.findByRole('button', { name: 'Open account menu' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Join Beta' })).not.toBeInTheDocument();
  });

  it('shows the user menu after an auth-service sign-in is exchanged for a server session', async () => {
    let serverSession = false;
    const app = renderApp('/Landing', {
      loadUser: async () => {
        if (!serverSession) throw Object.assign(new Error('Not authenticated'), { status: 401 });
        return signedIn();
      },
      session: {
        signIn: async () => {
          serverSession = true;
          return signedIn();
        },
      },
    });
    await screen.findByRole('button', { name: 'Sign In' });
    await waitFor(() => expect(app.session.getSnapshot().matches('anonymous')).toBe(true));

    app.session.send({ type: 'auth.signedIn', accessToken: 'token', authSessionId: 'auth-session-1' });

    expect(await screen.findByRole('button', { name: 'Open account menu' })).toBeInTheDocument();
  });

  it("goes to the server's login page from 'Sign In' when the deployment has no auth service", async () => {
    const app = renderApp('/Landing?ref=nav');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign In' }));

    await waitFor(() => expect(app.leftTo).toEqual(['/api/auth/login?redirect=%2FLanding%3Fref%3Dnav']));
  });

  it('says so when the session cannot be checked, instead of passing the visitor off as signed out', async () => {
    let serverDown = true;
    const app = renderApp('/Landing', {
      loadUser: async () => {
        if (serverDown) throw Object.assign(new Error('Bad gateway'), { status: 502 });
        return signedIn();
      },
    });

    const message = await screen.findByText(
      'We could not check your session. Please reload the page or try again shortly.',
    );
    // A toast of its own, titled for what failed.
    expect(within(message.closest('[role="alert"]') as HTMLElement).getByText('Session')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();

    // Checked again, and this time it works: the toast goes.
    serverDown = false;
    app.session.send({ type: 'session.reload' });
    expect(await screen.findByRole('button', { name: 'Open account menu' })).toBeInTheDocument();
    // At once, not when it would have closed by itself (4 s after it showed).
    await waitFor(() => expect(screen.queryByText(/could not check your session/)).not.toBeInTheDocument(), {
      timeout: 1500,
    });
  });

  it('says nothing when there simply is no session', async () => {
    const app = renderApp('/Landing');
    await waitFor(() => expect(app.session.getSnapshot().matches('anonymous')).toBe(true));

    expect(screen.queryByText(/could not check your session/)).not.toBeInTheDocument();
  });
});

/**
 * The browser's layout reports, which the test DOM never makes: `resize` hands every observer still observing the
 * size of what it observes, as a browser does once at the start and then whenever the page's height changes.
 */
function fakeResizeObserver() {
  const observing = new Set<() => void>();
  class FakeResizeObserver {
    constructor(private readonly callback: () => void) {}
    observe() {
      observing.add(this.callback);
    }
    unobserve() {}
    disconnect() {
      observing.delete(this.callback);
    }
  }
  vi.stubGlobal('ResizeObserver', FakeResizeObserver);
  return {
    resize: () => {
      for (const callback of [...observing]) callback();
    },
  };
}

/** A section whose top the test places (the test DOM lays nothing out), recording each scroll into view. */
function aSection(id: SectionId, { top = 0, scrollMargin }: { top?: number; scrollMargin?: string } = {}) {
  const element = document.createElement('section');
  element.id = id;
  if (scrollMargin) element.style.scrollMarginTop = scrollMargin;
  const scrolls: ScrollIntoViewOptions[] = [];
  element.scrollIntoView = (options) => scrolls.push(options as ScrollIntoViewOptions);
  const placed = { top };
  element.getBoundingClientRect = () => ({ top: placed.top }) as DOMRect;
  document.body.append(element);
  return { scrolls, placed };
}

const aligned = { behavior: 'auto', block: 'start' };

describe('a section button keeps its section at the top while the page settles [product: LAND-45]', () => {
  let layout: ReturnType<typeof fakeResizeObserver>;
  beforeEach(() => {
    vi.useFakeTimers();
    layout = fakeResizeObserver();
  });
  afterEach(() => {
    // Ends the following the test started (it is the page's one), then the page's sections.
    vi.advanceTimersByTime(SETTLE_MS);
    vi.useRealTimers();
    vi.unstubAllGlobals();
    for (const id of Object.values(sectionIds)) document.getElementById(id)?.remove();
  });

  it('scrolls smoothly, or at once for a visitor who asked for less motion', () => {
    const { scrolls } = aSection('pricing');
    scrollToSection('pricing');
    expect(scrolls).toEqual([{ behavior: 'smooth', block: 'start' }]);

    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query) => ({ matches: query === '(prefers-reduced-motion: reduce)' }) as MediaQueryList,
    );
    scrollToSection('pricing');
    expect(scrolls.at(-1)).toEqual({ behavior: 'auto', block: 'start' });
  });

  it('scrolls smoothly in a browser that cannot say what motion the visitor prefers', () => {
    const { scrolls } = aSection('contact');
    vi.stubGlobal('matchMedia', undefined);
    scrollToSection('contact');
    expect(scrolls).toEqual([{ behavior: 'smooth', block: 'start' }]);
  });

  it('does nothing for a section the page does not have', () => {
    expect(() => scrollToSection('features')).not.toThrow();
  });

  it('brings the section back when the layout above it changes, not for the first size report', () => {
    const { scrolls } = aSection('pricing');
    scrollToSection('pricing');

    layout.resize();
    expect(scrolls).toHaveLength(1);
    layout.resize();
    expect(scrolls).toEqual([{ behavior: 'smooth', block: 'start' }, aligned]);
  });

  it('brings back a section the scroll stopped short of, by more than 2 px past its scroll margin', () => {
    const { scrolls, placed } = aSection('pricing', { top: 66, scrollMargin: '64px' });
    scrollToSection('pricing');

    window.dispatchEvent(new Event('scrollend'));
    expect(scrolls).toHaveLength(1);

    placed.top = 67;
    window.dispatchEvent(new Event('scrollend'));
    expect(scrolls).toEqual([{ behavior: 'smooth', block: 'start' }, aligned]);

    placed.top = 62;
    window.dispatchEvent(new Event('scrollend'));
    expect(scrolls).toHaveLength(2);
    placed.top = 61;
    window.dispatchEvent(new Event('scrollend'));
    expect(scrolls).toHaveLength(3);
  });

  it('measures from the top of the page for a section without a scroll margin', () => {
    const { scrolls, placed } = aSection('contact', { top: 2 });
    scrollToSection('contact');
    window.dispatchEvent(new Event('scrollend'));
    expect(scrolls).toHaveLength(1);

    placed.top = -3;
    window.dispatchEvent(new Event('scrollend'));
    expect(scrolls).toHaveLength(2);
  });

  it.each(['wheel', 'touchstart', 'keydown', 'pointerdown'])(
    'lets the visitor take over with a %s, though not with the click that started it',
    (type) => {
      const { scrolls, placed } = aSection('pricing');
      scrollToSection('pricing');
      layout.resize();
      // The click that started it is still on its way.
      window.dispatchEvent(new Event(type));
      layout.resize();
      expect(scrolls).toHaveLength(2);

      vi.advanceTimersByTime(0);
      window.dispatchEvent(new Event(type));
      layout.resize();
      placed.top = 100;
      window.dispatchEvent(new Event('scrollend'));
      expect(scrolls).toHaveLength(2);
    },
  );

  it('lets the visitor take over in a part of the page that keeps the event to itself', () => {
    const { scrolls } = aSection('pricing');
    const menu = document.createElement('div');
    menu.addEventListener('keydown', (event) => event.stopPropagation());
    document.body.append(menu);
    scrollToSection('pricing');
    layout.resize();
    vi.advanceTimersByTime(0);

    menu.dispatchEvent(new Event('keydown', { bubbles: true }));
    layout.resize();
    menu.remove();
    expect(scrolls).toHaveLength(1);
  });

  it('only scrolls in a browser that cannot report layout changes', () => {
    vi.stubGlobal('ResizeObserver', undefined);
    const { scrolls, placed } = aSection('pricing');
    scrollToSection('pricing');
    placed.top = 100;
    window.dispatchEvent(new Event('scrollend'));
    expect(scrolls).toEqual([{ behavior: 'smooth', block: 'start' }]);
  });

  it('stops after 3 s', () => {
    const { scrolls, placed } = aSection('pricing');
    scrollToSection('pricing');
    layout.resize();

    vi.advanceTimersByTime(SETTLE_MS - 1);
    layout.resize();
    expect(scrolls).toHaveLength(2);

    vi.advanceTimersByTime(1);
    layout.resize();
    placed.top = 100;
    window.dispatchEvent(new Event('scrollend'));
    expect(scrolls).toHaveLength(2);
  });

  it('follows only the section clicked last', () => {
    const pricing = aSection('pricing');
    const contact = aSection('contact');
    scrollToSection('pricing');
    scrollToSection('contact');

    layout.resize();
    layout.resize();
    pricing.placed.top = 100;
    contact.placed.top = 100;
    window.dispatchEvent(new Event('scrollend'));
    expect(pricing.scrolls).toHaveLength(1);
    expect(contact.scrolls).toHaveLength(3);

    // The take-over still ends the one followed now.
    vi.advanceTimersByTime(0);
    window.dispatchEvent(new Event('wheel'));
    layout.resize();
    expect(contact.scrolls).toHaveLength(3);
  });
});
