import { type ActorRefFrom, assign, type SnapshotFrom, setup } from 'xstate';
import { billingFailureText, billingMessages } from '../domain/messages';
import { command, type PortIO, port, request } from './io';

/**
 * The way to the billing portal [product: API-11, BILL-8, ROUTE-18, MSG-BILL-5, MSG-BILL-6]: the portal's address is
 * asked for (it returns the customer to the Billing page), then the browser leaves for it with the return flag set,
 * so that the Billing page polls for the changes once the customer is back. One child machine, invoked by every flow
 * that opens the portal (billing, changePlan, pricingAction); its output says whether the browser is on its way,
 * or why not in the product's words, which each parent shows or acts on.
 */

/** How opening the portal went: leaving for it, or not, with what the customer is told. */
export type PortalOutput = { leaving: true } | { leaving: false; error: string };

/** What opening the portal asks of the product API and the browser (src/services/portal-io.ts). */
export const portalPort = port('portal', {
  /** POST /api/billing/portal, returning to the Billing page: its address, or null when the answer has none. */
  openPortal: request<() => Promise<string | null>>(),
  /** Leaves for the portal, setting the return flag first. */
  goToPortal: command<(portal: { url: string }) => void>(),
});
export type PortalIO = PortIO<typeof portalPort>;

export const portalMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    /** Why the portal did not open, once that is known. */
    context: {} as { error: string | null },
    output: {} as PortalOutput,
  },
  actors: portalPort.actors,
  actions: portalPort.actions,
  guards: {
    hasUrl: (_, params: { url: string | null }) => Boolean(params.url),
  },
}).createMachine({
  id: 'portal',
  context: { error: null },
  initial: 'opening',
  states: {
    opening: {
      invoke: {
        src: 'openPortal',
        onDone: [
          {
            guard: { type: 'hasUrl', params: ({ event }) => ({ url: event.output }) },
            target: 'leaving',
            actions: { type: 'goToPortal', params: ({ event }) => ({ url: event.output ?? '' }) },
          },
          { target: 'noAddress' },
        ],
        // Over the account's limit the server's words say when to try again [product: MSG-BILL-7].
        onError: {
          target: 'failed',
          actions: assign(({ event }) => ({
            error: billingFailureText(event.error, billingMessages.portalFailed),
          })),
        },
      },
    },
    // The browser is on its way to the portal.
    leaving: { type: 'final', output: { leaving: true } },
    noAddress: { type: 'final', output: { leaving: false, error: billingMessages.noPortalUrl } },
    failed: {
      type: 'final',
      output: ({ context }) => ({ leaving: false, error: context.error ?? billingMessages.portalFailed }),
    },
  },
  output: ({ event }) => event.output as PortalOutput,
});

export type PortalMachine = typeof portalMachine;
export type PortalActorRef = ActorRefFrom<PortalMachine>;
export type PortalSnapshot = SnapshotFrom<PortalMachine>;

/** A parent's guard: the portal's output says the browser is on its way. */
export const isLeavingForPortal = (_: unknown, output: PortalOutput) => output.leaving;

/** What a parent shows when the portal did not open. */
export const portalError = (output: PortalOutput) => (output.leaving ? '' : output.error);
