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
    // The header, the menu and the organization elsewhere show the saved values too.
    actions: { offerSignUp: deps.offerSignUp, userChanged: () => void deps.reloadSession() },
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
    // The session reloads the user, so theme, dates and the dashboard link follow at once [product: SET-34].
    actions: { offerSignUp: deps.offerSignUp, settingsSaved: () => void deps.reloadSession() },
  };
}

/**
 * The tab is opened at the click (`reserveTab` runs synchronously inside it), while the browser still counts it as
 * the user's own action: a tab opened after the identity call would be blocked as a pop-up. It is sent to the
 * dashboard once the call is over; `opener` is cut so the dashboard cannot reach back into this page.
 */
export function dashboardLinkImplementations(deps: FlowDeps) {
  const account = accountOf(deps);
  let tab: Window | null = null;
  return {
    actors: {
      refreshIdentity: fromPromise<unknown>(async () => (await account()).refreshIdentity()),
    },
    actions: {
      reserveTab: () => {
        tab = window.open('', '_blank');
        if (tab) tab.opener = null;
      },
      openDashboard: (_: unknown, params: { link: string }) => {
        if (tab && !tab.closed) tab.location.href = params.link;
        // The browser refused the blank tab: try once more, now without a handle on it.
        else window.open(params.link, '_blank', 'noopener,noreferrer');
        tab = null;
      },
    },
  };
}
