import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
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
    renderApp('/Landing', {
      loadUser: async () => Promise.reject(Object.assign(new Error('Bad gateway'), { status: 502 })),
    });

    expect(
      await screen.findByText(
        'We could not check your session. Please reload the page or try again shortly.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('says nothing when there simply is no session', async () => {
    const app = renderApp('/Landing');
    await waitFor(() => expect(app.session.getSnapshot().matches('anonymous')).toBe(true));

    expect(screen.queryByText(/could not check your session/)).not.toBeInTheDocument();
  });
});
