import { fromPromise } from 'xstate';
import type { Settings, SettingsUpdate } from '../../contract/settings';
import type { CurrentUser, UserUpdateInput } from '../../contract/user';
import type { FlowDeps } from './flow-deps';

/** The actors of the account flows (profile, settings, dashboardLink), as the app provides them (src/app/flows.ts). */

const accountOf = (deps: FlowDeps) => async () => (await deps.effects()).account;

export function profileImplementations(deps: FlowDeps) {
  const account = accountOf(deps);
  return {
    actors: {
      updateProfile: fromPromise<CurrentUser, UserUpdateInput>(async ({ input }) =>
        (await account()).updateProfile(input),
      ),
    },
    actions: { offerSignUp: deps.offerSignUp },
  };
}

export function settingsImplementations(deps: FlowDeps) {
  const account = accountOf(deps);
  return {
    actors: {
      loadCurrentUser: fromPromise<CurrentUser>(async () => (await account()).loadCurrentUser()),
      saveSettings: fromPromise<Settings, SettingsUpdate>(async ({ input }) =>
        (await account()).saveSettings(input),
      ),
    },
    actions: { offerSignUp: deps.offerSignUp },
  };
}

export function dashboardLinkImplementations(deps: FlowDeps) {
  const account = accountOf(deps);
  return {
    actors: {
      refreshIdentity: fromPromise<unknown>(async () => (await account()).refreshIdentity()),
    },
  };
}
