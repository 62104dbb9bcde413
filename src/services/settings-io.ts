import type { SettingsIO } from '../machines/settings';
import type { IODeps } from './io-deps';

/** The Settings page's I/O (src/machines/settings.ts) [product: SET-1, SET-2, SET-14]. */
export function createSettingsIO({ api, page }: Pick<IODeps, 'api' | 'page'>): SettingsIO {
  return {
    loadCurrentUser: () => api.auth.me(),
    // Answers all settings as stored.
    saveSettings: async (settings) => (await api.auth.updateMe({ settings })).settings,
    // The session reloads the user, so theme, dates and the dashboard link follow at once [product: SET-34].
    settingsSaved: () => void page.reloadSession(),
    offerSignUp: () => page.offerSignUp(),
  };
}
