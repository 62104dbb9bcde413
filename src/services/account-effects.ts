import type { Settings, SettingsUpdate } from '../../contract/settings';
import type { CurrentUser, UserUpdateInput } from '../../contract/user';
import type { AuthApi } from './api/auth';

/** What the account flows' actors do (Profile, Settings, the way to the dashboard), built from the product API. */
export interface AccountEffects {
  /** The identity call made before the external dashboard opens [product: CHECK-5, HEAD-3]. */
  refreshIdentity(): Promise<unknown>;
  /** The current user, as Settings loads it [product: SET-1]. */
  loadCurrentUser(): Promise<CurrentUser>;
  /** Saves company, bio, phone and location [product: PROF-4]. */
  updateProfile(update: UserUpdateInput): Promise<CurrentUser>;
  /** Saves the changed settings; answers all settings as stored [product: SET-14]. */
  saveSettings(update: SettingsUpdate): Promise<Settings>;
}

export function createAccountEffects({
  authApi,
}: {
  authApi: Pick<AuthApi, 'me' | 'updateMe'>;
}): AccountEffects {
  return {
    refreshIdentity: () => authApi.me(),
    loadCurrentUser: () => authApi.me(),
    updateProfile: (update) => authApi.updateMe(update),
    saveSettings: async (settings) => (await authApi.updateMe({ settings })).settings,
  };
}
