import { billingMachine } from '../machines/billing';
import { cancellationMachine } from '../machines/cancellation';
import { changePlanMachine } from '../machines/changePlan';
import { contactMachine } from '../machines/contact';
import { dashboardLinkMachine } from '../machines/dashboardLink';
import { landingAccountMachine } from '../machines/landingAccount';
import { landingAddressMachine } from '../machines/landingAddress';
import { onboardingMachine } from '../machines/onboarding';
import { passwordResetMachine } from '../machines/passwordReset';
import { pricingActionMachine } from '../machines/pricingAction';
import { profileMachine } from '../machines/profile';
import { refundMachine } from '../machines/refund';
import { sessionMachine } from '../machines/session';
import { settingsMachine } from '../machines/settings';
import { signInMachine } from '../machines/signIn';
import { signupMachine } from '../machines/signup';
import {
  dashboardLinkImplementations,
  profileImplementations,
  settingsImplementations,
} from '../services/account-actors';
import {
  billingImplementations,
  cancellationImplementations,
  changePlanImplementations,
} from '../services/billing-actors';
import type { FlowDeps } from '../services/flow-deps';
import {
  contactImplementations,
  landingAccountImplementations,
  landingAddressImplementations,
  pricingActionImplementations,
} from '../services/landing-actors';
import { onboardingImplementations } from '../services/onboarding-actors';
import { passwordResetImplementations } from '../services/password-reset-actors';
import { refundImplementations } from '../services/refund-actors';
import { sessionImplementations } from '../services/session-actors';
import { signInImplementations } from '../services/sign-in-actors';
import { signupImplementations } from '../services/signup-actors';
import type { Flows } from '../ui/app-context';

/**
 * Every flow of the app with its actors, actions and delays provided: one line per flow. A chunk of its own
 * (with xstate and the machines), loaded by the composition root once the landing page has hydrated. `overrides`
 * (tests' doubles) take the place of the provided ones.
 */
export function createFlows(deps: FlowDeps, overrides: Partial<Flows> = {}): Flows {
  return provideOnFirstUse(overrides, {
    session: () => sessionMachine.provide(sessionImplementations(deps)),
    signIn: () => signInMachine.provide(signInImplementations(deps)),
    profile: () => profileMachine.provide(profileImplementations(deps)),
    settings: () => settingsMachine.provide(settingsImplementations(deps)),
    dashboardLink: () => dashboardLinkMachine.provide(dashboardLinkImplementations(deps)),
    signup: () => signupMachine.provide(signupImplementations(deps)),
    onboarding: () => onboardingMachine.provide(onboardingImplementations(deps)),
    passwordReset: () => passwordResetMachine.provide(passwordResetImplementations(deps)),
    billing: () => billingMachine.provide(billingImplementations(deps)),
    changePlan: () => changePlanMachine.provide(changePlanImplementations(deps)),
    cancellation: () => cancellationMachine.provide(cancellationImplementations(deps)),
    refund: () => refundMachine.provide(refundImplementations(deps)),
    landingAddress: () => landingAddressMachine.provide(landingAddressImplementations(deps)),
    pricingAction: () => pricingActionMachine.provide(pricingActionImplementations(deps)),
    contact: () => contactMachine.provide(contactImplementations(deps)),
    landingAccount: () => landingAccountMachine.provide(landingAccountImplementations(deps)),
  });
}

/**
 * Each flow is provided when a view first asks for it: `provide` builds the machine again (xstate walks every state
 * and transition), which for all the flows at once was one long task when the chunk arrived, while a visitor's
 * landing page runs four of them.
 */
function provideOnFirstUse(
  overrides: Partial<Flows>,
  provide: { [Name in keyof Flows]: () => Flows[Name] },
): Flows {
  const flows = {} as Flows;
  for (const name of Object.keys(provide) as (keyof Flows)[]) {
    let provided = overrides[name];
    Object.defineProperty(flows, name, { enumerable: true, get: () => (provided ??= provide[name]()) });
  }
  return flows;
}
