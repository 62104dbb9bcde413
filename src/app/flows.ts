import type { AnyStateMachine } from 'xstate';
import { billingMachine } from '../machines/billing';
import { cancellationMachine } from '../machines/cancellation';
import { changePlanMachine } from '../machines/change-plan';
import { contactMachine } from '../machines/contact';
import { dashboardLinkMachine } from '../machines/dashboard-link';
import type { IOOf } from '../machines/io';
import { landingAccountMachine } from '../machines/landing-account';
import { landingAddressMachine } from '../machines/landing-address';
import { onboardingMachine } from '../machines/onboarding';
import { passwordResetMachine } from '../machines/password-reset';
import { portalMachine } from '../machines/portal';
import { pricingActionMachine } from '../machines/pricing-action';
import { profileMachine } from '../machines/profile';
import { refundMachine } from '../machines/refund';
import { sessionMachine } from '../machines/session';
import { settingsMachine } from '../machines/settings';
import { signInMachine } from '../machines/sign-in';
import { signupMachine } from '../machines/signup';
import { createBillingIO } from '../services/billing-io';
import { createCancellationIO } from '../services/cancellation-io';
import { createChangePlanIO } from '../services/change-plan-io';
import { createContactIO } from '../services/contact-io';
import { createDashboardLinkIO } from '../services/dashboard-link-io';
import type { Page, Services } from '../services/io-deps';
import { createLandingAccountIO } from '../services/landing-account-io';
import { createLandingAddressIO } from '../services/landing-address-io';
import { createOnboardingIO } from '../services/onboarding-io';
import { createPasswordResetIO } from '../services/password-reset-io';
import { createPortalIO } from '../services/portal-io';
import { createPricingActionIO } from '../services/pricing-action-io';
import { createProfileIO } from '../services/profile-io';
import { createRefundIO } from '../services/refund-io';
import { createSessionIO } from '../services/session-io';
import { createSettingsIO } from '../services/settings-io';
import { createSignInIO } from '../services/sign-in-io';
import { createSignupIO } from '../services/signup-io';
import { flow, lazily, provideIO } from './lazy-io';

/**
 * Every flow of the app, one line each: its machine and its I/O. The views' flow names and machine types
 * (`Flows`, below), the app's I/O map and the tests' doubles (tests/ui/render-app.tsx) are read from it. A chunk
 * of its own (with xstate, the machines and their I/O), loaded by the composition root once the landing page has
 * hydrated.
 */
export const flowRegistry = {
  session: flow(sessionMachine, createSessionIO),
  signIn: flow(signInMachine, createSignInIO),
  signup: flow(signupMachine, createSignupIO),
  onboarding: flow(onboardingMachine, createOnboardingIO),
  passwordReset: flow(passwordResetMachine, createPasswordResetIO),
  profile: flow(profileMachine, createProfileIO),
  settings: flow(settingsMachine, createSettingsIO),
  dashboardLink: flow(dashboardLinkMachine, createDashboardLinkIO),
  billing: flow(billingMachine, createBillingIO),
  changePlan: flow(changePlanMachine, createChangePlanIO),
  cancellation: flow(cancellationMachine, createCancellationIO),
  refund: flow(refundMachine, createRefundIO),
  landingAddress: flow(landingAddressMachine, createLandingAddressIO),
  pricingAction: flow(pricingActionMachine, createPricingActionIO),
  contact: flow(contactMachine, createContactIO),
  landingAccount: flow(landingAccountMachine, createLandingAccountIO),
  portal: flow(portalMachine, createPortalIO),
};

type Registered = typeof flowRegistry;

/** Every flow's provided machine, by name. */
export type AppFlows = { [Name in keyof Registered]: Registered[Name]['machine'] };

/** Every registered flow's I/O, by name. */
export type AppIO = { [Name in keyof Registered]: IOOf<Registered[Name]['machine']> };

declare module '../ui/app-context' {
  interface Register {
    flows: AppFlows;
  }
}

export interface FlowDeps {
  /** Loads the services (their chunk) on first use. */
  services: () => Promise<Services>;
  page: Page;
}

export interface FlowOverrides {
  /** Machines to run instead of the provided ones (the model-based view replay brings its own doubles). */
  flows?: Partial<AppFlows>;
  /** Port methods to use instead of a flow's I/O (the UI tests' doubles). */
  io?: { [Name in keyof AppIO]?: Partial<AppIO[Name]> };
}

/** Every flow's machine with its port provided from its I/O, each on first use. */
export function createFlows(
  { services: loadServices, page }: FlowDeps,
  overrides: FlowOverrides = {},
): AppFlows {
  const services = lazily(loadServices);
  const names = new Map<unknown, keyof Registered>(
    Object.entries(flowRegistry).map(([name, entry]) => [entry.machine, name as keyof Registered]),
  );
  const providedChild = (child: unknown) => {
    const name = names.get(child);
    return name && flows[name];
  };
  const provide = Object.fromEntries(
    Object.entries(flowRegistry).map(([name, entry]) => [
      name,
      () =>
        provideIO(entry as never, {
          services,
          page,
          providedChild,
          replace: overrides.io?.[name as keyof AppIO],
        }),
    ]),
  ) as { [Name in keyof Registered]: () => AppFlows[Name] };
  const flows: AppFlows = provideOnFirstUse(overrides.flows ?? {}, provide);
  return flows;
}

/**
 * Each flow is provided when a view first asks for it: `provide` builds the machine again (xstate walks every state
 * and transition), which for all the flows at once was one long task when the chunk arrived, while a visitor's
 * landing page runs four of them.
 */
function provideOnFirstUse<TFlows extends Record<string, AnyStateMachine>>(
  overrides: Partial<TFlows>,
  provide: { [Name in keyof TFlows]: () => TFlows[Name] },
): TFlows {
  const flows = {} as TFlows;
  for (const name of Object.keys(provide) as (keyof TFlows)[]) {
    let provided = overrides[name];
    // Stryker disable next-line BooleanLiteral: equivalent, the app reads each flow by its name and never lists them (enumerable only shows them to a debugger)
    Object.defineProperty(flows, name, { enumerable: true, get: () => (provided ??= provide[name]()) });
  }
  return flows;
}
