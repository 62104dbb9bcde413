import { fromPromise } from 'xstate';
import type { BillingInfo, CancelRequest, CancelResponse, WebhookHealth } from '../../contract/billing';
import type { CheckoutPlanName } from '../../contract/plans';
import type { BillingArrival } from '../machines/billing';
import type { CheckoutStart, PlanChange } from '../machines/changePlan';
import type { FlowDeps } from './flow-deps';

/** The billing page's, change-plan dialog's and cancel dialog's actors and actions (src/app/flows.ts). */

function billingEffects({ effects }: FlowDeps) {
  return async () => (await effects()).billing;
}

/** Leaving the page is fire-and-forget: the effects are loaded by the time any answer arrived. */
function leaving(deps: FlowDeps) {
  const billing = billingEffects(deps);
  return {
    goToCheckout: (_: unknown, params: { url: string }) =>
      void billing().then((b) => b.goToCheckout(params.url)),
    goToPortal: (_: unknown, params: { url: string }) => void billing().then((b) => b.goToPortal(params.url)),
  };
}

const openPortal = (deps: FlowDeps) =>
  fromPromise<string | null>(async () => (await billingEffects(deps)()).openPortal());

export function billingImplementations(deps: FlowDeps) {
  const billing = billingEffects(deps);
  return {
    actors: {
      loadInfo: fromPromise<BillingInfo>(async () => (await billing()).loadInfo()),
      loadWebhookHealth: fromPromise<WebhookHealth | null>(async () => (await billing()).loadWebhookHealth()),
      syncSubscription: fromPromise<void, { sessionId: string | null }>(async ({ input }) =>
        (await billing()).syncSubscription(input.sessionId),
      ),
      detectArrival: fromPromise<BillingArrival>(async () => (await billing()).detectArrival()),
      openPortal: openPortal(deps),
    },
    actions: { goToPortal: leaving(deps).goToPortal },
  };
}

export function changePlanImplementations(deps: FlowDeps) {
  const billing = billingEffects(deps);
  return {
    actors: {
      changePlan: fromPromise<PlanChange, { planName: CheckoutPlanName }>(async ({ input }) =>
        (await billing()).changePlan(input.planName),
      ),
      createCheckout: fromPromise<CheckoutStart, { planName: CheckoutPlanName }>(async ({ input }) =>
        (await billing()).createCheckout(input.planName),
      ),
      openPortal: openPortal(deps),
    },
    actions: leaving(deps),
  };
}

export function cancellationImplementations(deps: FlowDeps) {
  const billing = billingEffects(deps);
  return {
    actors: {
      cancelSubscription: fromPromise<CancelResponse, CancelRequest>(async ({ input }) =>
        (await billing()).cancel(input),
      ),
    },
  };
}
