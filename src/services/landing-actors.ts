import { fromPromise } from 'xstate';
import type { TrialResponse } from '../../contract/billing';
import type { ContactCreate } from '../../contract/contact';
import type { CheckoutPlanName } from '../../contract/plans';
import { addressWithout, readLandingAddress } from '../domain/address';
import { paths } from '../domain/pages';
import type { AddressCleanup } from '../machines/landingAddress';
import type { PortalAnswer } from '../machines/pricingAction';
import type { FlowDeps } from './flow-deps';

/**
 * The actors and app-level actions of the landing page's flows (landingAddress, pricingAction, contact,
 * landingAccount), as the app provides them (src/app/flows.ts). The view-level actions (opening dialogs,
 * scrolling) are provided by the views that host the flows.
 */

const landing = (deps: FlowDeps) => async () => (await deps.effects()).landing;

export function landingAddressImplementations(deps: FlowDeps) {
  const effects = landing(deps);
  return {
    actors: {
      // Read once, when the flow starts: the address the page was opened with.
      readAddress: fromPromise(async () => readLandingAddress(deps.address.current())),
      syncSubscription: fromPromise<unknown, { sessionId: string }>(async ({ input }) =>
        (await effects()).syncSubscription(input.sessionId),
      ),
      authServiceSettled: fromPromise<unknown>(async () => (await effects()).authServiceSettled()),
    },
    actions: {
      cleanAddress: (_: unknown, cleanup: AddressCleanup) => {
        const current = deps.address.current();
        const cleaned = addressWithout(current, cleanup.remove, cleanup.dropHash);
        if (cleaned !== current) deps.address.replace(cleaned);
      },
      reportSyncFailure: (_: unknown, { error }: { error: unknown }) => {
        console.warn('The subscription could not be synced after checkout.', error);
      },
    },
  };
}

export function pricingActionImplementations(deps: FlowDeps) {
  const effects = landing(deps);
  return {
    actors: {
      createCheckoutSession: fromPromise<{ url: string }, { planName: CheckoutPlanName }>(async ({ input }) =>
        (await effects()).createCheckoutSession(input.planName),
      ),
      openPortal: fromPromise<PortalAnswer>(async () =>
        // The portal sends the customer back to the Billing page [product: ROUTE-18].
        (await effects()).openPortal(new URL(paths.billing, deps.address.origin()).href),
      ),
    },
    actions: {
      goToOnboarding: () => deps.navigate(paths.onboarding),
      goToBilling: () => deps.navigate(paths.billing),
      leaveTo: (_: unknown, { url }: { url: string }) => deps.leaveTo(url),
    },
  };
}

export function contactImplementations(deps: FlowDeps) {
  const effects = landing(deps);
  return {
    actors: {
      sendContact: fromPromise<unknown, ContactCreate>(async ({ input }) =>
        (await effects()).sendContact(input),
      ),
    },
    actions: {
      reportSendFailure: (_: unknown, { error }: { error: unknown }) => {
        console.error('The contact message could not be sent.', error);
      },
    },
  };
}

export function landingAccountImplementations(deps: FlowDeps) {
  const effects = landing(deps);
  return {
    actors: {
      lookupTrial: fromPromise<TrialResponse>(async () => (await effects()).lookupTrial()),
    },
  };
}
