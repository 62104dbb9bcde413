import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultSettings, type Settings, type SettingsUpdate } from '../../contract/settings';
import { COLOR_SCHEME_KEY } from '../../src/ui/color-scheme';
import { aUser, renderApp, signedIn } from './render-app';

const scheme = () => document.documentElement.getAttribute('data-mantine-color-scheme');

describe("the user's theme drives the colour scheme [product: SET-26, SET-34]", () => {
  afterEach(() => {
    localStorage.clear();
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  });

  it('applies a saved dark theme on arrival and remembers it in this browser for the next first paint', async () => {
    renderApp('/Dashboard', { loadUser: async () => signedIn({ user: { settings: { theme: 'dark' } } }) });
    await screen.findByRole('heading', { name: 'Dashboard' });
    await waitFor(() => expect(scheme()).toBe('dark'));
    expect(localStorage.getItem(COLOR_SCHEME_KEY)).toBe('dark');
  });

  it('paints in the remembered theme before the user has loaded', async () => {
    localStorage.setItem(COLOR_SCHEME_KEY, 'dark');
    renderApp('/Landing', { loadUser: () => new Promise(() => {}) });
    await screen.findAllByRole('button');
    expect(scheme()).toBe('dark');
  });

  it('switches at once when the user saves the dark theme on Settings', async () => {
    let settings: Settings = { ...defaultSettings };
    renderApp('/Settings', {
      loadUser: async () => signedIn({ user: { settings } }),
      settings: {
        loadCurrentUser: async () => aUser({ settings }),
        saveSettings: async (update: SettingsUpdate) => {
          settings = { ...settings, ...update };
          return settings;
        },
      },
    });
    await screen.findByRole('button', { name: 'Save Settings' });
    await waitFor(() => expect(scheme()).toBe('light'));

    await userEvent.selectOptions(screen.getByLabelText('Theme'), 'dark');
    expect(scheme()).toBe('light'); // a choice in the form is not applied until it is saved
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));

    await screen.findByText('Settings saved successfully!');
    await waitFor(() => expect(scheme()).toBe('dark'));
  });
});
